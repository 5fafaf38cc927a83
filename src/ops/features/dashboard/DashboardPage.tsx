/**
 * The desk's home: each queue with how many wait and since when (live over the socket), today's
 * deposits, withdrawals, conversions and trades, what users hold per asset and purpose, the
 * platform's own accounts, the fees earned per day, and the ledger's last verification — run
 * again here by an admin, with its report.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { PLATFORM_PURPOSES, USER_PURPOSES, type PlatformPurpose } from '../../../domain/ledger';
import { ASSET_CODES, type Asset } from '../../../domain/money';
import { roleAllows, type OpsQueue } from '../../../domain/operators';
import type { OpsLedgerReport, OpsTotals } from '../../../domain/ops-wire';
import { useDecision } from '../../api/decision';
import { queuesQuery } from '../../api/live';
import { sessionQuery } from '../../api/session';
import { Dialog } from '../../ui/Dialog';
import { age, dateTime, minorOf, money } from '../../ui/format';
import { Badge, Button, Card, Empty, Facts, Loaded, Notice, Page, Spinner } from '../../ui/kit';
import { AssetTable } from '../../ui/Table';
import { usePurposeLabel } from '../users/UserParts';
import { lastVerificationQuery, totalsQuery, verifyLedger } from './api';

/** Where each queue is worked. */
const QUEUE_PAGES: Record<OpsQueue, { to: string; search?: Record<string, unknown> }> = {
  deposits: { to: '/deposits', search: { status: 'processing', page: 1 } },
  withdrawals: { to: '/withdrawals' },
  merchants: { to: '/merchants' },
  loans: { to: '/loans' },
  repayments: { to: '/loans' },
  adjustments: { to: '/corrections', search: { status: 'pending', page: 1 } },
};

export function DashboardPage() {
  const { t } = useLingui();
  const totals = useQuery(totalsQuery);
  return (
    <Page title={t`Dashboard`} subtitle={totals.data ? t`Figures as of ${dateTime(totals.data.asOf)}, read again every half minute.` : undefined}>
      <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-2">
        <Queues />
        {totals.data ? <Today totals={totals.data} /> : <Card title={t`Today`}>{totals.isError ? <Notice>{totals.error.message}</Notice> : <Spinner label={t`Loading…`} />}</Card>}
      </div>
      {totals.data ? (
        <div className="grid grid-cols-1 items-start gap-5 xl:grid-cols-2">
          <UserHoldings totals={totals.data} />
          <PlatformAccounts totals={totals.data} />
          <FeesPerDay totals={totals.data} />
          <LedgerCheck />
        </div>
      ) : (
        <LedgerCheck />
      )}
    </Page>
  );
}

function useQueueLabel(): (queue: OpsQueue) => string {
  const { t } = useLingui();
  return (queue) =>
    ({
      deposits: t`Deposits`,
      withdrawals: t`Withdrawals`,
      merchants: t`Merchant applications`,
      loans: t`Loan applications`,
      repayments: t`Loan repayments`,
      adjustments: t`Corrections to approve`,
    })[queue];
}

function Queues() {
  const { t } = useLingui();
  const queues = useQuery(queuesQuery);
  const label = useQueueLabel();
  return (
    <Card title={t`Queues`}>
      <Loaded query={queues}>
        {(list) => (
          <ul className="divide-y divide-slate-100">
            {list.map((entry) => (
              <li key={entry.queue} className="flex items-center justify-between gap-3 py-2 text-sm">
                <Link
                  to={QUEUE_PAGES[entry.queue].to}
                  search={QUEUE_PAGES[entry.queue].search as never}
                  className="font-medium text-teal-800 underline-offset-2 hover:underline"
                >
                  {label(entry.queue)}
                </Link>
                <span className="flex items-center gap-3">
                  {entry.count ? <span className="text-xs text-amber-800">{t`oldest ${age(entry.oldestAt)}`}</span> : null}
                  <Badge tone={entry.count ? 'waiting' : 'neutral'}>{t`${entry.count} waiting`}</Badge>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </Card>
  );
}

function Today({ totals }: { totals: OpsTotals }) {
  const { t } = useLingui();
  const figures: [string, OpsTotals['today']['depositsApproved']][] = [
    [t`Deposits credited`, totals.today.depositsApproved],
    [t`Withdrawals paid`, totals.today.withdrawalsPaid],
    [t`Conversions`, totals.today.conversions],
    [t`Trades settled`, totals.today.tradesSettled],
  ];
  return (
    <Card title={t`Today (${totals.today.day}, UTC)`}>
      <div className="grid grid-cols-2 gap-3">
        {figures.map(([name, figure]) => (
          <div key={name} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
            <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">{name}</p>
            {ASSET_CODES.map((asset) => (
              <p key={asset} className="mt-1 flex justify-between gap-2 text-sm">
                <span className="text-slate-600">{t`${figure[asset].count} ×`}</span>
                <span className="font-semibold tabular-nums">{money(figure[asset].amount, asset)}</span>
              </p>
            ))}
          </div>
        ))}
      </div>
    </Card>
  );
}

function UserHoldings({ totals }: { totals: OpsTotals }) {
  const { t } = useLingui();
  const purpose = usePurposeLabel();
  return (
    <Card title={t`What users hold`}>
      <AssetTable
        caption={t`What all users hold, per account purpose and asset`}
        header={t`Account`}
        rows={USER_PURPOSES}
        name={purpose}
        amount={(name, asset) => totals.users[asset][name]}
        total={t`All users`}
      />
    </Card>
  );
}

function PlatformAccounts({ totals }: { totals: OpsTotals }) {
  const { t } = useLingui();
  const labels: Record<PlatformPurpose, string> = {
    deposits: t`Deposits (arrived from outside)`,
    withdrawals: t`Withdrawals (paid out)`,
    fees: t`Fees earned`,
    bonus: t`VIP gifts paid`,
    exchange: t`Conversions`,
    adjustments: t`Corrections`,
    interest: t`Pledge interest paid`,
    loans: t`Loans (lent out)`,
  };
  return (
    <Card title={t`The platform's accounts`}>
      <AssetTable
        caption={t`The platform's accounts per asset`}
        header={t`Account`}
        rows={PLATFORM_PURPOSES}
        name={(name) => labels[name]}
        amount={(name, asset) => totals.platform[asset][name]}
      />
      <p className="mt-2 text-xs text-slate-600">{t`Each asset's accounts, the users' and the platform's, sum to zero.`}</p>
    </Card>
  );
}

function FeesPerDay({ totals }: { totals: OpsTotals }) {
  const { t } = useLingui();
  const days = [...totals.feesPerDay].reverse();
  const largest = (asset: Asset) => days.reduce((most, day) => (minorOf(day[asset], asset) > most ? minorOf(day[asset], asset) : most), 0n);
  const bar = (amount: string, asset: Asset): ReactNode => {
    const most = largest(asset);
    const value = minorOf(amount, asset);
    const width = most > 0n && value > 0n ? Number((value * 1000n) / most) / 10 : 0;
    return (
      <span className="flex items-center justify-end gap-2">
        <span className="tabular-nums">{money(amount, asset)}</span>
        <span className="h-2 w-24 rounded-sm bg-slate-100" aria-hidden>
          <span className="block h-2 rounded-sm bg-teal-700" style={{ width: `${width}%` }} />
        </span>
      </span>
    );
  };
  return (
    <Card title={t`Fees earned per day`}>
      <AssetTable
        caption={t`Fees earned per UTC day, newest first`}
        header={t`Day (UTC)`}
        rows={days}
        name={(day) => day.day}
        amount={(day, asset) => day[asset]}
        cell={bar}
      />
    </Card>
  );
}

function LedgerCheck() {
  const { t } = useLingui();
  const last = useQuery(lastVerificationQuery);
  const role = useQuery(sessionQuery).data?.operator.role;
  const [asking, setAsking] = useState(false);
  return (
    <Card
      title={t`Ledger verification`}
      actions={
        role && roleAllows(role, 'admin') ? (
          <Button tone="primary" onClick={() => setAsking(true)}>
            {t`Verify the ledger now…`}
          </Button>
        ) : undefined
      }
    >
      <Loaded query={last}>
        {(run) =>
          run === null ? (
            <Empty>{t`No operator has verified the ledger yet.`}</Empty>
          ) : (
            <Report
              report={run}
              facts={[
                [t`Run`, dateTime(run.ranAt)],
                [t`By`, run.operator],
              ]}
              problemCount={run.problemCount}
            />
          )
        }
      </Loaded>
      {asking ? <VerifyNow onClose={() => setAsking(false)} /> : null}
    </Card>
  );
}

function Report({ report, facts = [], problemCount }: { report: OpsLedgerReport; facts?: [string, ReactNode][]; problemCount?: number }) {
  const { t } = useLingui();
  const count = problemCount ?? report.problems.length;
  return (
    <div className="flex flex-col gap-3">
      <Facts
        items={[
          [t`Outcome`, report.ok ? <Badge key="ok" tone="good">{t`Sound`}</Badge> : <Badge key="ok" tone="bad">{t`${count} problems`}</Badge>],
          ...facts,
          [t`Accounts`, report.accounts],
          [t`Transfers`, report.transfers],
        ]}
      />
      {report.problems.length ? (
        <ul className="flex flex-col gap-1 text-sm">
          {report.problems.map((problem, index) => (
            <li key={index} className="rounded-md bg-rose-50 px-3 py-1.5 text-rose-900 ring-1 ring-rose-200">
              <span className="font-mono text-xs">{problem.check}</span> · {problem.detail}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function VerifyNow({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const run = useDecision(verifyLedger);
  return (
    <Dialog
      open
      onClose={onClose}
      title={run.data ? t`The ledger's verification` : t`Verify the ledger now?`}
      footer={
        run.data ? (
          <Button onClick={onClose}>{t`Close`}</Button>
        ) : (
          <>
            <Button onClick={onClose}>{t`Cancel`}</Button>
            <Button tone="primary" busy={run.isPending} onClick={() => run.mutate(undefined)}>
              {t`Verify`}
            </Button>
          </>
        )
      }
    >
      {run.data ? (
        <Report report={run.data} />
      ) : (
        <p className="text-slate-700">
          {t`It reads every account and transfer: each asset sums to zero, every balance is its postings, no user account is negative, the holds match their records. Nothing is posted; the run is kept in the audit log.`}
        </p>
      )}
      {run.isError ? <Notice>{run.error.message}</Notice> : null}
    </Dialog>
  );
}
