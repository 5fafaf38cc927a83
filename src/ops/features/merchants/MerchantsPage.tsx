/**
 * Applications to become a merchant: by status, oldest first, live. A finance operator approves
 * one (the user may then post offers in the trading hall) or rejects it with a reason the user
 * reads, each confirmed in a dialog; neither posts anything to the ledger.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { roleAllows } from '../../../domain/operators';
import { useDecision } from '../../api/decision';
import { sessionQuery } from '../../api/session';
import { ConfirmDialog } from '../../ui/Dialog';
import { dateTime } from '../../ui/format';
import { Badge, Button, Card, Notice } from '../../ui/kit';
import { QueuePage } from '../../ui/QueuePage';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { PagedTable, Requested } from '../../ui/Table';
import { approveMerchant, merchantApplicationsQuery, rejectMerchant, type MerchantStatusFilter, type OpsMerchantApplication } from './api';

export function MerchantsPage() {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/merchants' });
  const navigate = useNavigate({ from: '/merchants' });
  const list = useQuery(merchantApplicationsQuery(status, page));
  const role = useQuery(sessionQuery).data?.operator.role;
  const finance = role !== undefined && roleAllows(role, 'finance');
  const [deciding, setDeciding] = useState<{ application: OpsMerchantApplication; approve: boolean } | null>(null);

  return (
    <QueuePage
      title={t`Merchant applications`}
      queue="merchants"
      idle={t`No application is waiting for a decision.`}
      status={status}
      onStatus={(next: MerchantStatusFilter) => void navigate({ search: { status: next, page: 1 } })}
      options={[
        { value: 'pending', label: t`Waiting` },
        { value: 'approved', label: t`Approved` },
        { value: 'rejected', label: t`Rejected` },
        { value: 'all', label: t`All` },
      ]}
    >
      {!finance ? <Notice tone="info">{t`A finance operator decides merchant applications.`}</Notice> : null}
      <Card>
        <PagedTable
          query={list}
          loading={t`Loading applications…`}
          empty={status === 'pending' ? t`Nothing waits. New applications appear here by themselves.` : t`No applications here.`}
          caption={t`Merchant applications, oldest first`}
          rowKey={(application) => application.id}
          onPage={(next) => void navigate({ search: { status, page: next } })}
          columns={[
            { header: t`No.`, cell: (application) => <span className="font-medium">{application.id}</span> },
            { header: t`Applied`, nowrap: true, cell: (application) => <Requested at={application.createdAt} waiting={application.status === 'pending'} /> },
            {
              header: t`User`,
              cell: (application) => (
                <>
                  {application.username}
                  <span className="block text-xs text-slate-600">{application.nickname}</span>
                </>
              ),
            },
            { header: t`Status`, cell: (application) => <MerchantStatus status={application.status} /> },
            {
              header: t`Decision`,
              cell: (application) =>
                application.status !== 'pending' ? (
                  <span className="text-slate-700">
                    {dateTime(application.decidedAt)}
                    {application.reason ? <span className="block text-xs text-slate-600">{application.reason}</span> : null}
                  </span>
                ) : finance ? (
                  <span className="flex flex-wrap gap-2">
                    <Button tone="primary" onClick={() => setDeciding({ application, approve: true })}>
                      {t`Approve…`}
                    </Button>
                    <Button tone="danger" onClick={() => setDeciding({ application, approve: false })}>
                      {t`Reject…`}
                    </Button>
                  </span>
                ) : (
                  '—'
                ),
            },
          ]}
        />
      </Card>
      {deciding?.approve ? <ApproveDialog application={deciding.application} onClose={() => setDeciding(null)} /> : null}
      {deciding && !deciding.approve ? <RejectDialog application={deciding.application} onClose={() => setDeciding(null)} /> : null}
    </QueuePage>
  );
}

function MerchantStatus({ status }: { status: OpsMerchantApplication['status'] }) {
  const { t } = useLingui();
  if (status === 'pending') return <Badge tone="waiting">{t`Waiting`}</Badge>;
  if (status === 'approved') return <Badge tone="good">{t`Approved`}</Badge>;
  return <Badge tone="bad">{t`Rejected`}</Badge>;
}

function ApproveDialog({ application, onClose }: { application: OpsMerchantApplication; onClose: () => void }) {
  const { t } = useLingui();
  const decision = useDecision(approveMerchant);
  return (
    <ConfirmDialog
      title={t`Make ${application.username} a merchant?`}
      confirm={t`Approve the application`}
      busy={decision.isPending}
      onConfirm={() => decision.mutate({ id: application.id }, { onSuccess: onClose })}
      refusal={decision.error?.message}
      onClose={onClose}
    >
      <p className="text-slate-700">{t`Nothing is posted to the ledger.`}</p>
      <p className="text-slate-700">{t`${application.username} becomes a merchant: they may post buy and sell offers in the trading hall.`}</p>
    </ConfirmDialog>
  );
}

function RejectDialog({ application, onClose }: { application: OpsMerchantApplication; onClose: () => void }) {
  const { t } = useLingui();
  const decision = useDecision(rejectMerchant);
  return (
    <ReasonDialog
      title={t`Reject ${application.username}'s application?`}
      confirm={t`Reject the application`}
      tone="danger"
      reasonLabel={t`Reason the user reads`}
      busy={decision.isPending}
      onConfirm={(reason) => decision.mutateAsync({ id: application.id, reason })}
      onClose={onClose}
    >
      <p className="text-slate-700">{t`Nothing is posted to the ledger. The user stays a regular user and may apply again.`}</p>
    </ReasonDialog>
  );
}
