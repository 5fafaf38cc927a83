/** The deposit sent: its order number (copied with one tap), amount and status, and the ways on. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { CheckIcon, DepositIcon } from '../../ui/icons';
import type { DepositRecord } from '../../domain/wire';
import { Amount } from '../../ui/Amount';
import { Fact } from '../shared/records';
import { CopyButton } from '../../ui/CopyButton';
import { DepositStatus } from './DepositRecordsScreen';

export function DepositSubmitted({ record, onAnother }: { record: DepositRecord; onAnother(): void }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  return (
    <section className="px-4 pt-6" aria-live="polite">
      <div className="flex flex-col items-center text-center">
        <span className="flex size-20 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
          <CheckIcon size={40} />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-ink">{t`Deposit submitted`}</h2>
        <p className="mt-1 max-w-xs text-sm text-muted">
          <Trans>We check your payment proof. The amount is credited once an operator approves it.</Trans>
        </p>
      </div>
      <dl className="mt-6 rounded-2xl bg-surface px-4 py-3">
        <Fact label={t`Order number`}>
          <span className="inline-flex items-center gap-1">
            <bdi dir="ltr" className="tabular-nums tracking-wide" data-testid="order-number">
              {record.orderNo}
            </bdi>
            <CopyButton text={record.orderNo} label={t`Copy order number`} />
          </span>
        </Fact>
        <Fact label={t`Amount`}>
          <Amount value={record.amount} asset={record.asset} />
        </Fact>
        <Fact label={t`Status`}>
          <DepositStatus status={record.status} />
        </Fact>
      </dl>
      <div className="mt-6 space-y-3">
        <Button onClick={() => void navigate({ to: '/recharge/records' })}>
          <span className="flex items-center gap-2">
            <DepositIcon size={20} />
            {t`See deposit records`}
          </span>
        </Button>
        <Button kind="secondary" onClick={onAnother}>
          {t`Make another deposit`}
        </Button>
      </div>
    </section>
  );
}
