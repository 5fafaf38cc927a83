/**
 * A records screen (deposits, withdrawals): the paged list of one query with its states, each
 * record drawn by the caller, and an empty state that leads to the action that makes a record.
 */
import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import type { ReactNode } from 'react';
import type { PagedQueryOptions } from '../../api/query';
import type { AppPath } from '../../ui/navigation';
import { Screen } from '../../ui/Screen';
import { Fact, RecordList, usePagedRecords } from './records';

export interface RecordsScreenProps<T extends { id: number }> {
  query(userId: string): PagedQueryOptions<T>;
  renderItem(item: T): ReactNode;
  empty: {
    icon: ReactNode;
    title: ReactNode;
    text: ReactNode;
    /** The button of the empty state: its words and the screen it opens. */
    action: { label: ReactNode; to: AppPath };
  };
}

export function RecordsScreen<T extends { id: number }>({ query, renderItem, empty }: RecordsScreenProps<T>) {
  const records = usePagedRecords(query);
  const navigate = useNavigate();
  const { action, ...rest } = empty;
  return (
    <Screen>
      <RecordList
        records={records}
        renderItem={renderItem}
        empty={{
          ...rest,
          action: (
            <Button onClick={() => void navigate({ to: action.to })}>
              {action.label}
            </Button>
          ),
        }}
      />
    </Screen>
  );
}

export interface RecordCardProps {
  /** The card's accessible name, e.g. "Deposit D20300101…". */
  label: string;
  amount: ReactNode;
  /** Under the amount: the coin or method; the network follows it when there is one. */
  via: ReactNode;
  network?: string | null;
  status: ReactNode;
  /** The facts of the record (Fact rows). */
  children: ReactNode;
  /** Under the facts: the reason of a refusal, an operator's note. */
  footer?: ReactNode;
}

/** One record of a records screen: amount, how and status on top, its facts below. */
export function RecordCard({ label, amount, via, network, status, children, footer }: RecordCardProps) {
  return (
    <article className="rounded-2xl bg-surface p-4" aria-label={label}>
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-semibold text-ink">{amount}</p>
          <p className="text-sm text-muted">
            {via}
            {network ? (
              <>
                {' · '}
                <bdi dir="ltr">{network}</bdi>
              </>
            ) : null}
          </p>
        </div>
        {status}
      </header>
      <dl className="mt-3 border-t border-line pt-2">{children}</dl>
      {footer}
    </article>
  );
}

/** A record's identifier (order number, payout reference) in a fact: left to right, in the label's size so both share a baseline. */
export function CodeFact({ label, value, breakAll }: { label: ReactNode; value: string; breakAll?: boolean }) {
  return (
    <Fact label={label}>
      <bdi dir="ltr" className={`tracking-wide tabular-nums${breakAll ? ' break-all' : ''}`} data-address>
        {value}
      </bdi>
    </Fact>
  );
}
