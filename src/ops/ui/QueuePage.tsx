/**
 * A queue's page (deposits, withdrawals, merchant applications): its title; how many requests
 * wait and for how long the oldest has, live — or `idle` when none does; its status tabs, the
 * first being the waiting ones, counted; and its list.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { OpsQueue } from '../../domain/operators';
import { queuesQuery } from '../api/live';
import { age } from './format';
import { FilterTabs, Page } from './kit';

export function QueuePage<S extends string>({
  title,
  queue,
  idle,
  status,
  options,
  onStatus,
  children,
}: {
  title: string;
  queue: OpsQueue;
  idle: string;
  status: S;
  /** The status tabs, the waiting ones first. */
  options: [{ value: S; label: string }, ...{ value: S; label: string }[]];
  onStatus: (next: S) => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const waiting = useQuery(queuesQuery).data?.find((entry) => entry.queue === queue);
  const [first, ...rest] = options;
  return (
    <Page
      title={title}
      subtitle={waiting?.count ? t`${waiting.count} waiting · the oldest for ${age(waiting.oldestAt)}` : idle}
      actions={<FilterTabs label={t`Status`} value={status} onChange={onStatus} options={[{ ...first, count: waiting?.count }, ...rest]} />}
    >
      {children}
    </Page>
  );
}
