/**
 * Deposit records (/recharge/records): newest first, ten at a time, each with its order
 * number, what was paid and credited, the status in a word and a colour, the VIP gift once
 * approved, and the operator's reason when it failed.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { depositRecordsQuery } from './api/queries';
import { DepositIcon } from '../../ui/icons';
import type { DepositRecord } from '../../domain/wire';
import { Amount } from '../../ui/Amount';
import { Fact, RecordStatus, useFormatTime, type StatusTone } from '../shared/records';
import { CodeFact, RecordCard, RecordsScreen } from '../shared/RecordsScreen';

const TONE: Record<DepositRecord['status'], StatusTone> = { processing: 'processing', success: 'done', failed: 'refused' };

export default function DepositRecordsScreen() {
  const { t } = useLingui();
  return (
    <RecordsScreen
      query={depositRecordsQuery}
      renderItem={(record) => <DepositCard record={record} />}
      empty={{
        icon: <DepositIcon size={36} />,
        title: t`No deposits yet`,
        text: t`Your deposits and their status will appear here.`,
        action: { label: t`Deposit`, to: '/recharge' },
      }}
    />
  );
}

export function DepositStatus({ status }: { status: DepositRecord['status'] }) {
  const { t } = useLingui();
  return <RecordStatus status={status} tones={TONE} words={{ processing: t`Processing`, success: t`Credited`, failed: t`Failed` }} />;
}

function DepositCard({ record }: { record: DepositRecord }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const coin = record.asset === 'EUR' && !record.network ? t`Bank transfer (IBAN)` : record.coin;
  const reason = record.reason ?? t`none given`;
  return (
    <RecordCard
      label={t`Deposit ${record.orderNo}`}
      amount={<Amount value={record.amount} asset={record.asset} />}
      via={<bdi dir="auto">{coin}</bdi>}
      network={record.network}
      status={<DepositStatus status={record.status} />}
      footer={
        record.status === 'failed' ? (
          <p className="mt-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-900">
            <Trans>Reason: {reason}</Trans>
          </p>
        ) : record.reason ? (
          <p className="mt-2 rounded-xl bg-canvas px-3 py-2 text-sm text-ink">
            <Trans>Operator’s note: {reason}</Trans>
          </p>
        ) : null
      }
    >
      <CodeFact label={t`Order number`} value={record.orderNo} />
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
    </RecordCard>
  );
}
