/**
 * The line under the last item of a list that has nothing more to load: one component, one text
 * in every language, wherever a list ends (records, the fund record, news).
 */
import { Trans } from '@lingui/react/macro';

export function ListEnd({ className = '' }: { className?: string }) {
  return (
    <p className={`py-6 text-center text-xs text-muted ${className}`}>
      <Trans>That is all.</Trans>
    </p>
  );
}
