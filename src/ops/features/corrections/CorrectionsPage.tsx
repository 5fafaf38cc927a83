/**
 * Corrections of a user's available balance (finance), with four eyes: the form, its confirmation
 * saying what the ledger posts — or, above the admin's threshold for the asset, that it is only
 * proposed and posts when a second finance operator approves it — and the proposals, the waiting
 * ones first and oldest first, approved (never by their maker) or refused with a reason.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import { parseAmount, type Asset } from '../../../domain/money';
import { roleAllows } from '../../../domain/operators';
import { adjustmentSchema, type OpsCorrection, type OpsProposal } from '../../../domain/ops-wire';
import { useDecision } from '../../api/decision';
import { queuesQuery } from '../../api/live';
import { sessionQuery } from '../../api/session';
import { ConfirmDialog, LedgerPreview, type LedgerLine } from '../../ui/Dialog';
import { showRefusal, submitOnce, textField, useOpsForm } from '../../ui/form';
import { age, dateTime, money } from '../../ui/format';
import { Badge, Button, Card, FilterTabs, Loaded, Notice, Page, TextArea, TextInput } from '../../ui/kit';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { actionsColumn, PagedTable } from '../../ui/Table';
import { userQuery } from '../users/api';
import { approveProposal, correct, proposalsQuery, refuseProposal, thresholdsQuery, type ProposalFilter } from './api';

type Correction = z.output<typeof adjustmentSchema>;

/** A signed decimal's size in minor units (its sign apart). */
function sizeOf(amount: string, asset: Asset): bigint {
  return parseAmount(amount.replace(/^[+-]/, ''), asset) ?? 0n;
}

/** The two sides of a correction: the platform's adjustments account and the user's available balance. */
function useCorrectionLines(): (username: string, asset: Asset, amount: string) => LedgerLine[] {
  const { t } = useLingui();
  return (username, asset, amount) => {
    const platform = t`Platform · adjustments`;
    const user = t`${username} · available`;
    const size = money(sizeOf(amount, asset), asset);
    return amount.trim().startsWith('-') ? [{ from: user, to: platform, amount: size }] : [{ from: platform, to: user, amount: size }];
  };
}

export function CorrectionsPage() {
  const { t } = useLingui();
  const role = useQuery(sessionQuery).data?.operator.role;
  const finance = role !== undefined && roleAllows(role, 'finance');
  return (
    <Page title={t`Corrections`} subtitle={t`A correction moves money between the platform's adjustments account and a user's available balance, with its reason.`}>
      <div className="grid grid-cols-1 items-start gap-5 2xl:grid-cols-[26rem_minmax(0,1fr)]">
        {finance ? <CorrectionForm /> : <Notice tone="info">{t`A finance operator makes and approves corrections.`}</Notice>}
        <Proposals finance={finance} />
      </div>
    </Page>
  );
}

function CorrectionForm() {
  const { t } = useLingui();
  const { userId } = useSearch({ from: '/desk/corrections' });
  const thresholds = useQuery(thresholdsQuery).data;
  const [asking, setAsking] = useState<Correction | null>(null);
  const [done, setDone] = useState<OpsCorrection | null>(null);
  const form = useOpsForm(adjustmentSchema, { defaultValues: { userId: userId ?? '', asset: 'USDT', amount: '', reason: '' } });
  const asset = form.watch('asset') as Asset;
  const submit = submitOnce(form, (input) => {
    setDone(null);
    setAsking(input);
  });
  return (
    <Card title={t`New correction`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextInput label={t`User id`} autoComplete="off" spellCheck={false} className="font-mono" {...textField(form, 'userId')} hint={t`Open the user's page and choose “Correct a balance” to fill it in.`} />
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-slate-800">{t`Asset`}</span>
          <FilterTabs<Asset>
            label={t`Asset`}
            value={asset}
            onChange={(next) => form.setValue('asset', next)}
            options={[
              { value: 'USDT', label: 'USDT' },
              { value: 'EUR', label: 'EUR' },
            ]}
          />
        </div>
        <TextInput
          label={t`Amount (signed)`}
          inputMode="decimal"
          autoComplete="off"
          {...textField(form, 'amount')}
          hint={
            thresholds
              ? t`Positive credits the user, negative debits. Above ${money(thresholds[asset], asset)} it needs a second finance operator.`
              : t`Positive credits the user, negative debits.`
          }
        />
        <TextArea label={t`Reason (the user reads it in their fund record)`} {...textField(form, 'reason')} />
        {form.formState.errors.root?.message ? <Notice>{form.formState.errors.root.message}</Notice> : null}
        {done ? <Done correction={done} /> : null}
        <Button type="submit" tone="primary">
          {t`Correct…`}
        </Button>
      </form>
      {asking ? (
        <ConfirmCorrection
          correction={asking}
          threshold={thresholds?.[asking.asset as Asset] ?? null}
          onClose={() => setAsking(null)}
          onDone={(reply) => {
            setDone(reply);
            setAsking(null);
            form.reset({ userId: asking.userId, asset: asking.asset, amount: '', reason: '' });
          }}
          onRefused={(error) => showRefusal(form, error, ['userId', 'asset', 'amount', 'reason'])}
        />
      ) : null}
    </Card>
  );
}

function Done({ correction }: { correction: OpsCorrection }) {
  const { t } = useLingui();
  if (correction.outcome === 'posted') {
    return <Notice tone="success">{t`Posted. ${correction.username}'s available balance is now ${money(correction.balance, correction.asset)}.`}</Notice>;
  }
  return <Notice tone="success">{t`Proposed as no. ${correction.proposal.id}: it posts when a second finance operator approves it.`}</Notice>;
}

function ConfirmCorrection({
  correction,
  threshold,
  onClose,
  onDone,
  onRefused,
}: {
  correction: Correction;
  threshold: bigint | null;
  onClose: () => void;
  onDone: (reply: OpsCorrection) => void;
  onRefused: (error: unknown) => void;
}) {
  const { t } = useLingui();
  const asset = correction.asset as Asset;
  const user = useQuery(userQuery(correction.userId));
  const decision = useDecision(correct);
  const lines = useCorrectionLines();
  const proposed = threshold !== null && sizeOf(correction.amount, asset) > threshold;
  const make = () => decision.mutate(correction, { onSuccess: onDone, onError: onRefused });
  return (
    <ConfirmDialog
      title={proposed ? t`Propose this correction?` : t`Post this correction?`}
      confirm={proposed ? t`Propose it` : t`Post it`}
      busy={decision.isPending}
      disabled={!user.data}
      onConfirm={make}
      refusal={decision.error?.message}
      onClose={onClose}
    >
      <Loaded query={user} label={t`Reading the user…`}>
        {(found) => (
          <>
            <LedgerPreview caption={proposed ? t`Once approved, the ledger will post` : t`The ledger will post`} lines={lines(found.username, asset, correction.amount)} />
            <p className="text-slate-700">{t`${found.username}'s available balance now: ${money(found.balances[asset].available, asset)}.`}</p>
            {proposed && threshold !== null ? (
              <Notice tone="info">
                {t`Above the four-eyes threshold of ${money(threshold, asset)}: nothing is posted now. It is only proposed, and posts when a second finance operator approves it.`}
              </Notice>
            ) : null}
            <p className="text-slate-700">{t`The user reads: “${correction.reason}”`}</p>
          </>
        )}
      </Loaded>
    </ConfirmDialog>
  );
}

function Proposals({ finance }: { finance: boolean }) {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/corrections' });
  const navigate = useNavigate({ from: '/corrections' });
  const me = useQuery(sessionQuery).data?.operator.id;
  const list = useQuery(proposalsQuery(status, page));
  const waiting = useQuery(queuesQuery).data?.find((entry) => entry.queue === 'adjustments');
  const [approving, setApproving] = useState<OpsProposal | null>(null);
  const [refusing, setRefusing] = useState<OpsProposal | null>(null);
  const refusal = useDecision(refuseProposal);
  const statusBadge = (proposal: OpsProposal) =>
    proposal.status === 'pending' ? (
      <Badge tone="waiting">{t`Waiting`}</Badge>
    ) : proposal.status === 'approved' ? (
      <Badge tone="good">{t`Approved`}</Badge>
    ) : (
      <Badge tone="bad">{t`Refused`}</Badge>
    );
  return (
    <Card
      title={waiting?.count ? t`Proposals · ${waiting.count} waiting, the oldest for ${age(waiting.oldestAt)}` : t`Proposals`}
      actions={
        <FilterTabs<ProposalFilter>
          label={t`Status`}
          value={status}
          onChange={(next) => void navigate({ search: (previous) => ({ ...previous, status: next, page: 1 }) })}
          options={[
            { value: 'pending', label: t`Waiting`, count: waiting?.count },
            { value: 'approved', label: t`Approved` },
            { value: 'refused', label: t`Refused` },
            { value: 'all', label: t`All` },
          ]}
        />
      }
    >
      <PagedTable<OpsProposal>
        query={list}
        empty={status === 'pending' ? t`No correction waits for a second operator.` : t`No proposals here.`}
        caption={t`Proposed corrections, oldest first`}
        rowKey={(proposal) => proposal.id}
        onPage={(next) => void navigate({ search: (previous) => ({ ...previous, page: next }) })}
        columns={[
          { header: t`No.`, cell: (proposal) => proposal.id, numeric: true },
          {
            header: t`Proposed`,
            nowrap: true,
            cell: (proposal) => (
              <>
                {dateTime(proposal.createdAt)}
                <span className="block text-xs text-slate-600">{t`by ${proposal.maker}`}</span>
                {proposal.status === 'pending' ? <span className="block text-xs text-amber-800">{t`waiting ${age(proposal.createdAt)}`}</span> : null}
              </>
            ),
          },
          {
            header: t`User`,
            cell: (proposal) => (
              <Link to="/users/$id" params={{ id: proposal.userId }} search={{ tab: 'movements', page: 1 }} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                {proposal.username}
              </Link>
            ),
          },
          { header: t`Amount`, cell: (proposal) => money(proposal.amount, proposal.asset, { sign: 'always' }), numeric: true },
          { header: t`Reason`, cell: (proposal) => proposal.reason },
          {
            header: t`Status`,
            cell: (proposal) => (
              <>
                {statusBadge(proposal)}
                {proposal.checker ? <span className="block text-xs text-slate-600">{t`${proposal.checker}, ${dateTime(proposal.decidedAt)}`}</span> : null}
                {proposal.decisionReason ? <span className="block text-xs text-slate-600">{proposal.decisionReason}</span> : null}
              </>
            ),
          },
          actionsColumn<OpsProposal>(t`Actions`, (proposal) =>
            finance && proposal.status === 'pending' ? (
              <span className="flex flex-wrap justify-end gap-2">
                {proposal.makerId === me ? null : (
                  <Button tone="primary" onClick={() => setApproving(proposal)}>
                    {t`Approve…`}
                  </Button>
                )}
                <Button tone="danger" onClick={() => setRefusing(proposal)}>
                  {proposal.makerId === me ? t`Withdraw…` : t`Refuse…`}
                </Button>
              </span>
            ) : null,
          ),
        ]}
      />
      {approving ? <ConfirmApproval proposal={approving} onClose={() => setApproving(null)} /> : null}
      {refusing ? (
        <ReasonDialog
          title={refusing.makerId === me ? t`Withdraw proposal no. ${refusing.id}?` : t`Refuse proposal no. ${refusing.id}?`}
          confirm={refusing.makerId === me ? t`Withdraw it` : t`Refuse it`}
          tone="danger"
          reasonLabel={t`Reason (kept with the proposal and in the audit log)`}
          busy={refusal.isPending}
          onClose={() => setRefusing(null)}
          onConfirm={(reason) => refusal.mutateAsync({ id: refusing.id, reason })}
        >
          <p className="text-slate-700">
            {t`${money(refusing.amount, refusing.asset, { sign: 'always' })} for ${refusing.username}, proposed by ${refusing.maker}. Nothing is posted to the ledger.`}
          </p>
        </ReasonDialog>
      ) : null}
    </Card>
  );
}

function ConfirmApproval({ proposal, onClose }: { proposal: OpsProposal; onClose: () => void }) {
  const { t } = useLingui();
  const decision = useDecision(approveProposal);
  const lines = useCorrectionLines();
  return (
    <ConfirmDialog
      title={t`Approve proposal no. ${proposal.id}?`}
      confirm={t`Approve and post`}
      busy={decision.isPending}
      onConfirm={() => decision.mutate({ id: proposal.id }, { onSuccess: onClose })}
      refusal={decision.error?.message}
      onClose={onClose}
    >
      <LedgerPreview caption={t`The ledger will post`} lines={lines(proposal.username, proposal.asset, proposal.amount)} />
      <p className="text-slate-700">{t`Proposed by ${proposal.maker} ${dateTime(proposal.createdAt)}: “${proposal.reason}”`}</p>
    </ConfirmDialog>
  );
}
