/**
 * Withdrawal records (/withdraw/records): newest first, ten at a time. Each shows where
 * the money went, what was charged and what arrived, its status in a word and a colour, the
 * payout's reference once paid, and the operator's reason when cancelled.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { withdrawalRecordsQuery } from './api/queries';
import { maskedIban } from '../shared/money/iban';
import { WithdrawIcon } from '../../ui/icons';
import type { WithdrawalRecord } from '../../domain/wire';
import { Amount } from '../../ui/Amount';
import { Fact, RecordStatus, useFormatTime, type StatusTone } from '../shared/records';
import { CodeFact, RecordCard, RecordsScreen } from '../shared/RecordsScreen';

const TONE: Record<WithdrawalRecord['status'], StatusTone> = { processing: 'processing', completed: 'done', cancelled: 'refused' };

export default function WithdrawRecordsScreen() {
  const { t } = useLingui();
  return (
    <RecordsScreen
      query={withdrawalRecordsQuery}
      renderItem={(record) => <WithdrawalCard record={record} />}
      empty={{
        icon: <WithdrawIcon size={36} />,
        title: t`No withdrawals yet`,
        text: t`Your withdrawals and their status will appear here.`,
        action: { label: t`Withdraw`, to: '/withdraw' },
      }}
    />
  );
}

export function WithdrawalStatus({ status }: { status: WithdrawalRecord['status'] }) {
  const { t } = useLingui();
  return <RecordStatus status={status} tones={TONE} words={{ processing: t`Processing`, completed: t`Completed`, cancelled: t`Cancelled` }} />;
}

function WithdrawalCard({ record }: { record: WithdrawalRecord }) {
  const { t } = useLingui();
  const formatTime = useFormatTime();
  const method = record.method === 'crypto' ? t`To a crypto address` : t`To a bank account`;
  const reason = record.reason ?? t`none given`;
  return (
    <RecordCard
      label={t`Withdrawal ${record.orderNo}`}
      amount={<Amount value={record.amount} asset={record.asset} />}
      via={method}
      network={record.network}
      status={<WithdrawalStatus status={record.status} />}
      footer={
        record.status === 'cancelled' ? (
          <p className="mt-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-900">
            <Trans>Reason: {reason}</Trans>
            <span className="mt-0.5 block text-xs text-rose-800">
              <Trans>The amount has returned to your balance.</Trans>
            </span>
          </p>
        ) : null
      }
    >
      <CodeFact label={t`To`} value={record.method === 'bank' ? maskedBankDestination(record.destination) : record.destination} breakAll />
      <Fact label={t`Fee`}>
        <Amount value={record.fee} asset={record.asset} />
      </Fact>
      <Fact label={record.status === 'completed' ? t`Received` : record.status === 'cancelled' ? t`Net amount` : t`You receive`} strong>
        <Amount value={record.net} asset={record.asset} />
      </Fact>
      <CodeFact label={t`Order number`} value={record.orderNo} />
      <Fact label={t`Requested`}>{formatTime(record.createdAt)}</Fact>
      {record.decidedAt ? (
        <Fact label={record.status === 'completed' ? t`Completed on` : t`Cancelled on`}>{formatTime(record.decidedAt)}</Fact>
      ) : null}
      {record.status === 'completed' && record.txReference ? <CodeFact label={t`Payout reference`} value={record.txReference} breakAll /> : null}
    </RecordCard>
  );
}

/**
 * "DE89 •••• 3000 (Ada Lovelace)": a bank withdrawal's account as the form shows it, never the
 * whole IBAN on a list a person may open in public.
 */
function maskedBankDestination(destination: string): string {
  const [iban, ...holder] = destination.split(' (');
  return holder.length > 0 ? `${maskedIban(iban)} (${holder.join(' (')}` : maskedIban(iban);
}
