/**
 * Deposit records (SPEC §2, /recharge/records): newest first, ten at a time, each with its order
 * number, what was paid and credited, the status in a word and a colour, the VIP gift once
 * approved, and the operator's reason when it failed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button } from 'konsta/react';
import { depositRecordsQuery } from './api/queries';
import { DepositIcon } from '../../app/icons';
import { Screen } from '../../app/Screen';
import type { DepositRecord } from '../../domain/wire';
import { Amount } from '../shared/Amount';
import { Fact, RecordList, StatusBadge, useFormatTime, usePagedRecords, type StatusTone } from '../shared/records';

const TONE: Record<DepositRecord['status'], StatusTone> = { processing: 'processing', success: 'done', failed: 'refused' };

export default function DepositRecordsScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const records = usePagedRecords(depositRecordsQuery);
  return (
    <Screen>
      <RecordList
        records={records}
        renderItem={(record) => <DepositCard record={record} />}
        empty={{
          icon: <DepositIcon size={36} />,
          title: t`No deposits yet`,
          text: t`Your deposits and their status will appear here.`,
          action: (
            <Button rounded onClick={() => void navigate({ to: '/recharge' })}>
              {t`Deposit`}
            </Button>
          ),
        }}
      />
    </Screen>
  );
}

export function DepositStatus({ status }: { status: DepositRecord['status'] }) {
  const { t } = useLingui();
  const words: Record<DepositRecord['status'], string> = {
    processing: t`Processing`,
    success: t`Credited`,
    failed: t`Failed`,
  };
  return <StatusBadge tone={TONE[status] ?? 'processing'}>{words[status] ?? t`Unknown`}</StatusBadge>;
}

function DepositCard({ record }: { record: DepositRecord }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const coin = record.asset === 'EUR' && !record.network ? t`Bank card` : record.coin;
  const reason = record.reason ?? t`none given`;
  return (
    <article className="rounded-2xl bg-surface p-4" aria-label={t`Deposit ${record.orderNo}`}>
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-semibold text-ink">
            <Amount value={record.amount} asset={record.asset} />
          </p>
          <p className="text-sm text-muted">
            <bdi dir="auto">{coin}</bdi>
            {record.network ? (
              <>
                {' · '}
                <bdi dir="ltr">{record.network}</bdi>
              </>
            ) : null}
          </p>
        </div>
        <DepositStatus status={record.status} />
      </header>
      <dl className="mt-3 border-t border-line pt-2">
        <Fact label={t`Order number`}>
          <bdi dir="ltr" className="font-mono text-xs">
            {record.orderNo}
          </bdi>
        </Fact>
        <Fact label={t`Submitted`}>{formatTime(record.createdAt)}</Fact>
        {record.decidedAt ? (
          <Fact label={record.status === 'success' ? t`Credited on` : t`Rejected on`}>{formatTime(record.decidedAt)}</Fact>
        ) : null}
        {record.bonus && /[1-9]/.test(record.bonus) ? (
          <Fact label={t`VIP gift`}>
            <span className="text-emerald-700">
              +<Amount value={record.bonus} asset={record.asset} />
            </span>
          </Fact>
        ) : null}
      </dl>
      {record.status === 'failed' ? (
        <p className="mt-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-900">
          <Trans>Reason: {reason}</Trans>
        </p>
      ) : record.reason ? (
        <p className="mt-2 rounded-xl bg-canvas px-3 py-2 text-sm text-ink">
          <Trans>Operator’s note: {reason}</Trans>
        </p>
      ) : null}
    </article>
  );
}
