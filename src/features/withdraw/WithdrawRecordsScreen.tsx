/**
 * Withdrawal records (SPEC §2, /withdraw/records): newest first, ten at a time. Each shows where
 * the money went, what was charged and what arrived, its status in a word and a colour, the
 * payout's reference once paid, and the operator's reason when cancelled.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from 'konsta/react';
import { useNavigate } from '@tanstack/react-router';
import { withdrawalRecordsQuery } from './api/queries';
import { WithdrawIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
import type { WithdrawalRecord } from '../../domain/wire';
import { Amount } from '../shared/Amount';
import { Fact, RecordList, StatusBadge, useFormatTime, usePagedRecords, type StatusTone } from '../shared/records';

const TONE: Record<WithdrawalRecord['status'], StatusTone> = { processing: 'processing', completed: 'done', cancelled: 'refused' };

export default function WithdrawRecordsScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const records = usePagedRecords(withdrawalRecordsQuery);
  return (
    <Screen>
      <RecordList
        records={records}
        renderItem={(record) => <WithdrawalCard record={record} />}
        empty={{
          icon: <WithdrawIcon size={36} />,
          title: t`No withdrawals yet`,
          text: t`Your withdrawals and their status will appear here.`,
          action: (
            <Button rounded onClick={() => void navigate({ to: '/withdraw' })}>
              {t`Withdraw`}
            </Button>
          ),
        }}
      />
    </Screen>
  );
}

export function WithdrawalStatus({ status }: { status: WithdrawalRecord['status'] }) {
  const { t } = useLingui();
  const words: Record<WithdrawalRecord['status'], string> = {
    processing: t`Processing`,
    completed: t`Completed`,
    cancelled: t`Cancelled`,
  };
  return <StatusBadge tone={TONE[status] ?? 'processing'}>{words[status] ?? t`Unknown`}</StatusBadge>;
}

function WithdrawalCard({ record }: { record: WithdrawalRecord }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const method = record.method === 'crypto' ? t`To a crypto address` : t`To a bank card`;
  const reason = record.reason ?? t`none given`;
  return (
    <article className="rounded-2xl bg-surface p-4" aria-label={t`Withdrawal ${record.orderNo}`}>
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-semibold text-ink">
            <Amount value={record.amount} asset={record.asset} />
          </p>
          <p className="text-sm text-muted">
            {method}
            {record.network ? (
              <>
                {' · '}
                <bdi dir="ltr">{record.network}</bdi>
              </>
            ) : null}
          </p>
        </div>
        <WithdrawalStatus status={record.status} />
      </header>
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={t`To`}>
          <bdi dir="ltr" className="font-mono text-xs break-all">
            {record.destination}
          </bdi>
        </Fact>
        <Fact label={t`Fee`}>
          <Amount value={record.fee} asset={record.asset} />
        </Fact>
        <Fact label={record.status === 'completed' ? t`Received` : record.status === 'cancelled' ? t`Net amount` : t`You receive`} strong>
          <Amount value={record.net} asset={record.asset} />
        </Fact>
        <Fact label={t`Order number`}>
          <bdi dir="ltr" className="font-mono text-xs">
            {record.orderNo}
          </bdi>
        </Fact>
        <Fact label={t`Requested`}>{formatTime(record.createdAt)}</Fact>
        {record.decidedAt ? (
          <Fact label={record.status === 'completed' ? t`Completed on` : t`Cancelled on`}>{formatTime(record.decidedAt)}</Fact>
        ) : null}
        {record.status === 'completed' && record.txReference ? (
          <Fact label={t`Payout reference`}>
            <bdi dir="ltr" className="font-mono text-xs break-all">
              {record.txReference}
            </bdi>
          </Fact>
        ) : null}
      </dl>
      {record.status === 'cancelled' ? (
        <p className="mt-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <Trans>Reason: {reason}</Trans>
          <span className="mt-0.5 block text-xs text-rose-800">
            <Trans>The amount has returned to your balance.</Trans>
          </span>
        </p>
      ) : null}
    </article>
  );
}
