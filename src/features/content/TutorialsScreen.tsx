/** The trading guide (/home/tutorial): the tutorials, each opening on /home/tutorial-detail. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { tutorialsQuery } from './api/queries';
import { asOfTime, failureText } from '../../api/query';
import { EmptyState } from '../../ui/EmptyState';
import { BookIcon, ChevronEndIcon } from '../../ui/icons';
import { Screen } from '../../ui/Screen';
import { localeAtom } from '../../i18n';
import { AsOfLine } from '../../ui/AsOf';
import { Loading } from '../../ui/QueryStates';
import { LoadFailed } from '../shared/records';

export default function TutorialsScreen() {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const tutorials = useQuery(tutorialsQuery(locale));
  const items = [...(tutorials.data?.list ?? [])].sort((a, b) => a.id - b.id);
  return (
    <Screen>
      <div className="space-y-3 px-4 pt-2 pb-8">
        <AsOfLine time={asOfTime(tutorials)} />
        {tutorials.isPending && tutorials.fetchStatus !== 'idle' ? (
          <Loading />
        ) : tutorials.error && !tutorials.data ? (
          <LoadFailed icon={<BookIcon size={36} />} text={failureText(tutorials.error) ?? ''} onRetry={() => void tutorials.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState icon={<BookIcon size={36} />} title={t`No guides yet.`} />
        ) : (
          <ul className="overflow-hidden rounded-3xl bg-surface">
            {items.map((item, index) => (
              <li key={item.id} className={index > 0 ? 'border-t border-line' : ''}>
                <Link to="/home/tutorial-detail" search={{ id: item.id }} className="flex min-h-16 items-center gap-3 px-4 py-3 active:bg-sea-50">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-2xl bg-sea-50 text-sea-700">
                    <BookIcon size={20} />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span lang={item.locale} dir="auto" className="block text-base font-medium text-ink">
                      {item.title}
                    </span>
                    <span lang={item.locale} dir="auto" className="block truncate text-sm text-muted">
                      {item.summary}
                    </span>
                  </span>
                  <ChevronEndIcon size={16} className="shrink-0 text-muted" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Screen>
  );
}
