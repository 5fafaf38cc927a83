/**
 * The lists of a user's page, one per tab, each a page at a time, newest first, as the module that
 * owns the records reads them for the app: movements (grouped as the app's fund record groups
 * them, with their legs), raw postings, deposits, withdrawals, orders, offers, pledges, loans,
 * push devices, sessions (ended here, one or all, with a reason) and the audit of operators'
 * actions on the user.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserPurpose } from '../../../domain/ledger';
import type { LoanStatus } from '../../../domain/loan';
import { summarizeMovement, type AssetAmount, type MovementTopic } from '../../../domain/movements';
import type { OpsAuditEntry, OpsPushDevice, OpsUserDetail, OpsUserSession } from '../../../domain/ops-wire';
import type { PledgeOrder } from '../../../domain/pledge';
import type { DepositRecord, Movement } from '../../../domain/wire';
import type { z } from 'zod';
import type { loanSchema } from '../../../domain/loan';
import type { ledgerEntrySchema, tradeOfferSchema, tradeOrderSchema, withdrawalRecordSchema } from '../../../domain/wire-schemas';
import { useDecision } from '../../api/decision';
import { Badge, Button } from '../../ui/kit';
import { dateTime, money } from '../../ui/format';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { RequestLink } from '../../ui/RequestPage';
import { PagedTable, type PagedTableProps } from '../../ui/Table';
import { DepositStatus } from '../deposits/DepositStatus';
import { endSessions, userPartQuery, type UserPart } from './api';

type Posting = z.output<typeof ledgerEntrySchema>;
type Withdrawal = z.output<typeof withdrawalRecordSchema>;
type Order = z.output<typeof tradeOrderSchema>;
type Offer = z.output<typeof tradeOfferSchema>;
type Loan = z.output<typeof loanSchema>;

/** Whether a lock's end is still ahead. */
export function isLocked(until: string | null): boolean {
  return until !== null && new Date(until).getTime() > Date.now();
}

export function usePurposeLabel(): (purpose: UserPurpose) => string {
  const { t } = useLingui();
  return (purpose) =>
    ({ available: t`Available`, held: t`Held`, trading: t`Trading`, pledged: t`Pledged`, interest: t`Interest`, collateral: t`Collateral` })[purpose];
}

type Tone = 'waiting' | 'good' | 'bad' | 'neutral';

function Status({ labels, status }: { labels: Record<string, [string, Tone]>; status: string }) {
  const [label, tone] = labels[status] ?? [status, 'neutral'];
  return <Badge tone={tone}>{label}</Badge>;
}

export function UserPartList({ user, part, page, onPage }: { user: OpsUserDetail; part: UserPart; page: number; onPage: (page: number) => void }) {
  const props = { userId: user.id, page, onPage };
  switch (part) {
    case 'movements':
      return <Movements {...props} />;
    case 'postings':
      return <Postings {...props} />;
    case 'deposits':
      return <Deposits {...props} />;
    case 'withdrawals':
      return <Withdrawals {...props} />;
    case 'orders':
      return <Orders {...props} />;
    case 'offers':
      return <Offers {...props} />;
    case 'pledges':
      return <Pledges {...props} />;
    case 'loans':
      return <Loans {...props} />;
    case 'devices':
      return <Devices {...props} />;
    case 'sessions':
      return <Sessions {...props} username={user.username} />;
    case 'audit':
      return <Audit {...props} />;
  }
}

interface PartProps {
  userId: string;
  page: number;
  onPage: (page: number) => void;
}

/** One tab's list, read a page at a time. */
function PartTable<T>({ part, userId, page, ...table }: PartProps & Omit<PagedTableProps<T>, 'query'> & { part: UserPart }) {
  const list = useQuery(userPartQuery<T>(part, userId, page));
  return <PagedTable<T> query={list} {...table} />;
}

function useTopicLabel(): (topic: MovementTopic) => string {
  const { t } = useLingui();
  const labels: Record<MovementTopic, string> = {
    deposit: t`Deposit received`,
    withdrawal_requested: t`Withdrawal requested`,
    withdrawal_sent: t`Withdrawal sent`,
    withdrawal_returned: t`Withdrawal returned`,
    conversion: t`Conversion`,
    trade_bought: t`Bought USDT`,
    trade_sold: t`Sold USDT`,
    trade_set_aside: t`Set aside for a trade`,
    trade_returned: t`Returned from a trade`,
    pledge_started: t`Pledge started`,
    pledge_ended: t`Pledge ended`,
    pledge_redeemed: t`Pledge redeemed early`,
    pledge_interest: t`Pledge interest`,
    interest_moved: t`Interest moved to available`,
    loan_paid_out: t`Loan paid out`,
    loan_repayment_sent: t`Loan repayment sent for review`,
    loan_repayment_returned: t`Loan repayment returned`,
    loan_repaid: t`Loan repaid`,
    loan_old_ended: t`Old loan ended`,
    loan_liquidated: t`Loan liquidated`,
    loan_collateral_locked: t`Collateral locked`,
    loan_part_repaid: t`Part of a loan repaid`,
    adjustment: t`Balance correction`,
    other: t`Other movement`,
  };
  return (topic) => labels[topic];
}

const signed = (amount: AssetAmount) => money(amount.minor, amount.asset, { sign: 'always' });
const plain = (amount: AssetAmount) => money(amount.minor, amount.asset);

function Movements(props: PartProps) {
  const { t } = useLingui();
  const topic = useTopicLabel();
  const purpose = usePurposeLabel();
  const place = (account: UserPurpose | null) => (account ? purpose(account) : t`outside`);
  return (
    <PartTable<Movement>
      {...props}
      part="movements"
      caption={t`Movements, newest first`}
      empty={t`No movement yet.`}
      rowKey={(movement) => movement.id}
      columns={[
        { header: t`Time`, cell: (movement) => dateTime(movement.createdAt), nowrap: true },
        {
          header: t`What`,
          cell: (movement) => {
            const summary = summarizeMovement(movement);
            return (
              <>
                <span className="font-medium">{topic(summary.topic)}</span>
                {summary.orderNo ? <span className="ms-2 text-xs text-slate-600">{summary.orderNo}</span> : null}
                <ul className="mt-1 text-xs text-slate-600">
                  {movement.legs.map((leg, index) => (
                    <li key={index}>
                      {leg.kind}: {place(leg.from)} → {place(leg.to)} · <span className="tabular-nums">{money(leg.amount, leg.asset)}</span>
                    </li>
                  ))}
                </ul>
              </>
            );
          },
        },
        {
          header: t`In / out`,
          numeric: true,
          cell: (movement) => {
            const summary = summarizeMovement(movement);
            return summary.net.map((amount) => (
              <span key={amount.asset} className={`block font-medium ${amount.minor > 0n ? 'text-emerald-800' : ''}`}>
                {signed(amount)}
              </span>
            ));
          },
        },
        {
          header: t`Set aside / returned`,
          numeric: true,
          cell: (movement) => {
            const summary = summarizeMovement(movement);
            return (
              <>
                {summary.aside.map((amount) => (
                  <span key={`a${amount.asset}`} className="block text-slate-700">{t`aside ${plain(amount)}`}</span>
                ))}
                {summary.back.map((amount) => (
                  <span key={`b${amount.asset}`} className="block text-slate-700">{t`back ${plain(amount)}`}</span>
                ))}
              </>
            );
          },
        },
        { header: t`Reason`, cell: (movement) => movement.reason ?? '—' },
      ]}
    />
  );
}

function Postings(props: PartProps) {
  const { t } = useLingui();
  const purpose = usePurposeLabel();
  return (
    <PartTable<Posting>
      {...props}
      part="postings"
      caption={t`Postings on the user's accounts, newest first`}
      empty={t`No posting yet.`}
      rowKey={(entry) => `${entry.id}:${entry.account}:${entry.amount}`}
      columns={[
        { header: t`Transfer`, cell: (entry) => entry.id, numeric: true },
        { header: t`Time`, cell: (entry) => dateTime(entry.createdAt), nowrap: true },
        { header: t`Account`, cell: (entry) => `${purpose(entry.account as UserPurpose)} · ${entry.asset}` },
        { header: t`Kind`, cell: (entry) => <span className="font-mono text-xs">{entry.kind}</span> },
        { header: t`Amount`, cell: (entry) => money(entry.amount, entry.asset, { sign: 'always' }), numeric: true },
        { header: t`Reference`, cell: (entry) => <span className="font-mono text-xs">{entry.reference}</span> },
        { header: t`Reason`, cell: (entry) => entry.reason ?? '—' },
      ]}
    />
  );
}

function Deposits(props: PartProps) {
  const { t } = useLingui();
  return (
    <PartTable<DepositRecord>
      {...props}
      part="deposits"
      caption={t`Deposits, newest first`}
      empty={t`No deposit yet.`}
      rowKey={(deposit) => deposit.id}
      columns={[
        { header: t`No.`, cell: (deposit) => <RequestLink to="/deposits/$id" id={deposit.id} number={deposit.orderNo} /> },
        { header: t`Requested`, cell: (deposit) => dateTime(deposit.createdAt), nowrap: true },
        { header: t`Method`, cell: (deposit) => (deposit.network ? `${deposit.coin} · ${deposit.network}` : deposit.coin) },
        { header: t`Amount`, cell: (deposit) => money(deposit.amount, deposit.asset), numeric: true },
        { header: t`VIP gift`, cell: (deposit) => (deposit.bonus && deposit.bonus !== '0' ? money(deposit.bonus, deposit.asset) : '—'), numeric: true },
        { header: t`Status`, cell: (deposit) => <DepositStatus status={deposit.status} /> },
        { header: t`Reason`, cell: (deposit) => deposit.reason ?? '—' },
      ]}
    />
  );
}

function Withdrawals(props: PartProps) {
  const { t } = useLingui();
  const labels: Record<string, [string, Tone]> = { processing: [t`Waiting`, 'waiting'], completed: [t`Paid`, 'good'], cancelled: [t`Rejected`, 'bad'] };
  return (
    <PartTable<Withdrawal>
      {...props}
      part="withdrawals"
      caption={t`Withdrawals, newest first`}
      empty={t`No withdrawal yet.`}
      rowKey={(withdrawal) => withdrawal.id}
      columns={[
        { header: t`No.`, cell: (withdrawal) => withdrawal.orderNo, nowrap: true },
        { header: t`Requested`, cell: (withdrawal) => dateTime(withdrawal.createdAt), nowrap: true },
        {
          header: t`To`,
          cell: (withdrawal) => (
            <>
              {withdrawal.method === 'bank' ? t`Bank account` : withdrawal.network}
              <span className="block font-mono text-xs break-all text-slate-600">{withdrawal.destination}</span>
            </>
          ),
        },
        { header: t`Amount`, cell: (withdrawal) => money(withdrawal.amount, withdrawal.asset), numeric: true },
        { header: t`Fee`, cell: (withdrawal) => money(withdrawal.fee, withdrawal.asset), numeric: true },
        { header: t`Status`, cell: (withdrawal) => <Status labels={labels} status={withdrawal.status} /> },
        { header: t`Payout reference`, cell: (withdrawal) => withdrawal.txReference ?? withdrawal.reason ?? '—' },
      ]}
    />
  );
}

function Orders(props: PartProps) {
  const { t } = useLingui();
  const labels: Record<string, [string, Tone]> = {
    matching: [t`Matching`, 'waiting'],
    matched: [t`Matched`, 'waiting'],
    completed: [t`Completed`, 'good'],
    cancelled: [t`Cancelled`, 'neutral'],
    expired: [t`Expired`, 'neutral'],
  };
  return (
    <PartTable<Order>
      {...props}
      part="orders"
      caption={t`Trade orders, newest first`}
      empty={t`No trade order yet.`}
      rowKey={(order) => order.id}
      columns={[
        { header: t`No.`, cell: (order) => order.orderNo, nowrap: true },
        { header: t`Placed`, cell: (order) => dateTime(order.createdAt), nowrap: true },
        { header: t`Side`, cell: (order) => `${order.side === 'buy' ? t`Buy` : t`Sell`} · ${order.role === 'taker' ? t`placed` : t`on their offer`}` },
        { header: t`Amount`, cell: (order) => money(order.amount, 'USDT'), numeric: true },
        { header: t`Price`, cell: (order) => order.price ?? order.limitPrice, numeric: true },
        { header: t`Total`, cell: (order) => (order.total ? money(order.total, 'EUR') : '—'), numeric: true },
        { header: t`Counterparty`, cell: (order) => order.merchant ?? '—' },
        { header: t`Status`, cell: (order) => <Status labels={labels} status={order.status} /> },
      ]}
    />
  );
}

function Offers(props: PartProps) {
  const { t } = useLingui();
  const labels: Record<string, [string, Tone]> = { open: [t`Open`, 'waiting'], filled: [t`Filled`, 'good'], withdrawn: [t`Withdrawn`, 'neutral'] };
  return (
    <PartTable<Offer>
      {...props}
      part="offers"
      caption={t`Offers in the hall, newest first`}
      empty={t`No offer: only merchants place offers.`}
      rowKey={(offer) => offer.id}
      columns={[
        { header: t`No.`, cell: (offer) => offer.id, numeric: true },
        { header: t`Placed`, cell: (offer) => dateTime(offer.createdAt), nowrap: true },
        { header: t`Side`, cell: (offer) => (offer.side === 'sell' ? t`Sells USDT` : t`Buys USDT`) },
        { header: t`Price`, cell: (offer) => offer.price, numeric: true },
        { header: t`Quantity`, cell: (offer) => money(offer.quantity, 'USDT'), numeric: true },
        { header: t`Remaining`, cell: (offer) => money(offer.remaining, 'USDT'), numeric: true },
        { header: t`Status`, cell: (offer) => <Status labels={labels} status={offer.status} /> },
      ]}
    />
  );
}

function Pledges(props: PartProps) {
  const { t } = useLingui();
  const labels: Record<string, [string, Tone]> = { active: [t`Running`, 'waiting'], completed: [t`Completed`, 'good'], redeemed: [t`Redeemed early`, 'neutral'] };
  return (
    <PartTable<PledgeOrder>
      {...props}
      part="pledges"
      caption={t`Pledges, newest first`}
      empty={t`No pledge yet.`}
      rowKey={(pledge) => pledge.id}
      columns={[
        { header: t`No.`, cell: (pledge) => pledge.orderNo, nowrap: true },
        { header: t`Started`, cell: (pledge) => dateTime(pledge.startedAt), nowrap: true },
        { header: t`Amount`, cell: (pledge) => money(pledge.amount, pledge.asset), numeric: true },
        { header: t`Days`, cell: (pledge) => pledge.lockDays, numeric: true },
        { header: t`Earned`, cell: (pledge) => money(pledge.earned, pledge.asset), numeric: true },
        { header: t`Ends`, cell: (pledge) => dateTime(pledge.endedAt ?? pledge.endsAt), nowrap: true },
        { header: t`Status`, cell: (pledge) => <Status labels={labels} status={pledge.status} /> },
      ]}
    />
  );
}

function Loans(props: PartProps) {
  const { t } = useLingui();
  const labels: Record<LoanStatus, [string, Tone]> = {
    pending: [t`Waiting`, 'waiting'],
    approved: [t`Paid out`, 'good'],
    repaying: [t`Repayment under review`, 'waiting'],
    repaid: [t`Repaid`, 'neutral'],
    rejected: [t`Rejected`, 'bad'],
    failed: [t`Failed`, 'bad'],
    liquidated: [t`Liquidated`, 'bad'],
  };
  return (
    <PartTable<Loan>
      {...props}
      part="loans"
      caption={t`Loans, newest first`}
      empty={t`No loan yet.`}
      rowKey={(loan) => loan.id}
      columns={[
        { header: t`No.`, cell: (loan) => loan.loanNo, nowrap: true },
        { header: t`Type`, cell: (loan) => (loan.type === 'credit' ? t`Credit` : t`Principal`) },
        { header: t`Amount`, cell: (loan) => money(loan.amount, loan.asset), numeric: true },
        { header: t`Days`, cell: (loan) => loan.days, numeric: true },
        { header: t`To repay`, cell: (loan) => money(loan.total, loan.asset), numeric: true },
        { header: t`Collateral`, cell: (loan) => (loan.collateralAsset ? money(loan.collateral, loan.collateralAsset) : '—'), numeric: true },
        { header: t`Status`, cell: (loan) => <Status labels={labels} status={loan.status} /> },
      ]}
    />
  );
}

function Devices(props: PartProps) {
  const { t } = useLingui();
  return (
    <PartTable<OpsPushDevice>
      {...props}
      part="devices"
      caption={t`Devices subscribed to notifications`}
      empty={t`No device receives notifications.`}
      rowKey={(device) => device.id}
      columns={[
        { header: t`Push service`, cell: (device) => device.service },
        { header: t`Channels`, cell: (device) => device.channels.map((channel) => (channel === 'trade' ? t`Trades` : t`System`)).join(', ') },
        { header: t`Language`, cell: (device) => device.locale },
        { header: t`Subscribed`, cell: (device) => dateTime(device.createdAt), nowrap: true },
        { header: t`Last message`, cell: (device) => dateTime(device.lastSentAt), nowrap: true },
      ]}
    />
  );
}

function Sessions({ username, ...props }: PartProps & { username: string }) {
  const { t } = useLingui();
  const [ending, setEnding] = useState<OpsUserSession | 'all' | null>(null);
  const decision = useDecision(endSessions);
  const status = (session: OpsUserSession) =>
    session.live ? <Badge tone="good">{t`Live`}</Badge> : session.revokedAt ? <Badge tone="neutral">{t`Ended`}</Badge> : <Badge tone="neutral">{t`Expired`}</Badge>;
  return (
    <>
      <PartTable<OpsUserSession>
        {...props}
        part="sessions"
        caption={t`Sessions, newest first`}
        empty={t`No session.`}
        rowKey={(session) => session.id}
        above={
          <div className="flex justify-end">
            <Button tone="danger" onClick={() => setEnding('all')}>{t`End all sessions…`}</Button>
          </div>
        }
        columns={[
          { header: t`Signed in`, cell: (session) => dateTime(session.createdAt), nowrap: true },
          { header: t`Browser`, cell: (session) => <span className="text-xs break-all">{session.userAgent ?? '—'}</span> },
          { header: t`Ends`, cell: (session) => dateTime(session.revokedAt ?? session.expiresAt), nowrap: true },
          { header: t`Status`, cell: status },
          { header: <span className="sr-only">{t`Actions`}</span>, cell: (session) => (session.live ? <Button onClick={() => setEnding(session)}>{t`End…`}</Button> : null) },
        ]}
      />
      {ending ? (
        <ReasonDialog
          title={ending === 'all' ? t`End every session of ${username}?` : t`End this session of ${username}?`}
          confirm={ending === 'all' ? t`End all sessions` : t`End the session`}
          tone="danger"
          busy={decision.isPending}
          onClose={() => setEnding(null)}
          onConfirm={(reason) => decision.mutateAsync({ id: props.userId, sessionId: ending === 'all' ? undefined : ending.id, reason })}
        >
          <p className="text-slate-700">{t`The user is signed out there at once and must sign in again. Nothing is posted to the ledger.`}</p>
        </ReasonDialog>
      ) : null}
    </>
  );
}

function Audit(props: PartProps) {
  const { t } = useLingui();
  return (
    <PartTable<OpsAuditEntry>
      {...props}
      part="audit"
      caption={t`Operators' actions on this user, newest first`}
      empty={t`No operator has acted on this user.`}
      rowKey={(entry) => entry.id}
      columns={[
        { header: t`Time`, cell: (entry) => dateTime(entry.createdAt), nowrap: true },
        { header: t`Operator`, cell: (entry) => entry.operator },
        { header: t`Action`, cell: (entry) => <span className="font-mono text-xs">{entry.action}</span> },
        { header: t`Subject`, cell: (entry) => <span className="font-mono text-xs">{entry.subject}</span> },
        { header: t`Reason`, cell: (entry) => entry.reason ?? '—' },
      ]}
    />
  );
}
