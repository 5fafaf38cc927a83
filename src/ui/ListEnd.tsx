/**
 * The foot of a list: "Load more" while the server has more (busy while it loads), else the line
 * under the last item. One component, one text in every language, wherever a list ends (records,
 * the fund record, news).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from './Button';

export function ListEnd({ className = '' }: { className?: string }) {
  return (
    <p className={`py-6 text-center text-xs text-muted ${className}`}>
      <Trans>That is all.</Trans>
    </p>
  );
}

/** "Load more" while `more`, then "That is all.". */
export function ListFoot({ more, loading, onMore, className = '' }: { more: boolean; loading: boolean; onMore(): void; className?: string }) {
  const { t } = useLingui();
  if (!more) return <ListEnd className={className} />;
  return (
    <div className={`pt-3 ${className}`}>
      <Button kind="secondary" busy={loading} onClick={onMore} aria-label={loading ? t`Loading` : undefined}>
        {t`Load more`}
      </Button>
    </div>
  );
}
