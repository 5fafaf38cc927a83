/**
 * Applications to become a merchant: by status, oldest first, live. A finance operator approves
 * one (the user may then post offers in the trading hall) or rejects it with a reason the user
 * reads, each confirmed in a dialog; neither posts anything to the ledger.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { rejectSchema, roleAllows } from '../../../domain/operators';
import { useDecision } from '../../api/decision';
import { queuesQuery } from '../../api/live';
import { sessionQuery } from '../../api/session';
import { Dialog } from '../../ui/Dialog';
import { showRefusal, submitOnce, textField, useOpsForm } from '../../ui/form';
import { Badge, Button, Card, FilterTabs, Notice, Page, Pager, Spinner, TextArea } from '../../ui/kit';
import { age, dateTime } from '../../ui/format';
import { approveMerchant, merchantApplicationsQuery, PAGE_SIZE, rejectMerchant, type MerchantStatusFilter, type OpsMerchantApplication } from './api';

export function MerchantsPage() {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/merchants' });
  const navigate = useNavigate({ from: '/merchants' });
  const list = useQuery(merchantApplicationsQuery(status, page));
  const waiting = useQuery(queuesQuery).data?.find((entry) => entry.queue === 'merchants');
  const role = useQuery(sessionQuery).data?.operator.role;
  const finance = role !== undefined && roleAllows(role, 'finance');
  const [deciding, setDeciding] = useState<{ application: OpsMerchantApplication; approve: boolean } | null>(null);

  return (
    <Page
      title={t`Merchant applications`}
      subtitle={waiting?.count ? t`${waiting.count} waiting · the oldest for ${age(waiting.oldestAt)}` : t`No application is waiting for a decision.`}
      actions={
        <FilterTabs
          label={t`Status`}
          value={status}
          onChange={(next: MerchantStatusFilter) => void navigate({ search: { status: next, page: 1 } })}
          options={[
            { value: 'pending', label: t`Waiting`, count: waiting?.count },
            { value: 'approved', label: t`Approved` },
            { value: 'rejected', label: t`Rejected` },
            { value: 'all', label: t`All` },
          ]}
        />
      }
    >
      {!finance ? <Notice tone="info">{t`A finance operator decides merchant applications.`}</Notice> : null}
      <Card>
        {list.isPending ? (
          <Spinner label={t`Loading applications…`} />
        ) : list.isError ? (
          <Notice>{list.error.message}</Notice>
        ) : list.data.list.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{status === 'pending' ? t`Nothing waits. New applications appear here by themselves.` : t`No applications here.`}</p>
        ) : (
          <div className="flex flex-col gap-4">
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t`Merchant applications, oldest first`}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`No.`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Applied`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`User`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Status`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Decision`}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.list.map((application) => (
                    <tr key={application.id} className="border-b border-slate-100 align-top hover:bg-slate-50">
                      <td className="py-2 pe-3 font-medium">{application.id}</td>
                      <td className="py-2 pe-3 whitespace-nowrap">
                        {dateTime(application.createdAt)}
                        {application.status === 'pending' ? <span className="block text-xs text-amber-800">{t`waiting ${age(application.createdAt)}`}</span> : null}
                      </td>
                      <td className="py-2 pe-3">
                        {application.username}
                        <span className="block text-xs text-slate-600">{application.nickname}</span>
                      </td>
                      <td className="py-2 pe-3">
                        <MerchantStatus status={application.status} />
                      </td>
                      <td className="py-2 pe-3">
                        {application.status === 'pending' ? (
                          finance ? (
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
                          )
                        ) : (
                          <span className="text-slate-700">
                            {dateTime(application.decidedAt)}
                            {application.reason ? <span className="block text-xs text-slate-600">{application.reason}</span> : null}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              pageSize={PAGE_SIZE}
              total={list.data.total}
              onPage={(next) => void navigate({ search: { status, page: next } })}
            />
          </div>
        )}
      </Card>
      {deciding?.approve ? <ApproveDialog application={deciding.application} onClose={() => setDeciding(null)} /> : null}
      {deciding && !deciding.approve ? <RejectDialog application={deciding.application} onClose={() => setDeciding(null)} /> : null}
    </Page>
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
    <Dialog
      open
      onClose={onClose}
      title={t`Make ${application.username} a merchant?`}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button tone="primary" busy={decision.isPending} onClick={() => decision.mutate({ id: application.id }, { onSuccess: onClose })}>
            {t`Approve the application`}
          </Button>
        </>
      }
    >
      <p className="text-slate-700">{t`Nothing is posted to the ledger.`}</p>
      <p className="text-slate-700">{t`${application.username} becomes a merchant: they may post buy and sell offers in the trading hall.`}</p>
      {decision.isError ? <Notice>{decision.error.message}</Notice> : null}
    </Dialog>
  );
}

function RejectDialog({ application, onClose }: { application: OpsMerchantApplication; onClose: () => void }) {
  const { t } = useLingui();
  const form = useOpsForm(rejectSchema, { defaultValues: { id: application.id, reason: '' } as never, input: (values: { reason?: string }) => ({ id: application.id, reason: values.reason ?? '' }) });
  const decision = useDecision(rejectMerchant);
  const submit = submitOnce(form, (input) =>
    decision.mutate({ id: application.id, reason: input.reason }, { onSuccess: onClose, onError: (error) => showRefusal(form, error, ['reason']) }),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Reject ${application.username}'s application?`}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button tone="danger" type="submit" form={`reject-merchant-${application.id}`} busy={decision.isPending}>
            {t`Reject the application`}
          </Button>
        </>
      }
    >
      <p className="text-slate-700">{t`Nothing is posted to the ledger. The user stays a regular user and may apply again.`}</p>
      <form id={`reject-merchant-${application.id}`} onSubmit={submit} noValidate>
        <TextArea label={t`Reason the user reads`} {...textField(form, 'reason')} />
      </form>
      {form.formState.errors.root?.message ? <Notice>{form.formState.errors.root.message}</Notice> : null}
    </Dialog>
  );
}
