/**
 * The operator accounts (admin): who has which role, who is signed in; a new operator with its
 * authenticator secret shown once as a QR code; a role changed or an account disabled, each with
 * a reason for the audit.
 */
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '../../../domain/operators';
import { operatorCreateSchema, operatorDisableSchema, operatorRoleChangeSchema, type OpsOperatorCreated, type OpsOperatorEntry } from '../../../domain/ops-wire';
import { QrCode } from '../../../ui/QrCode';
import { sessionQuery } from '../../api/session';
import { useRoleLabel } from '../../app/roles';
import { Dialog } from '../../ui/Dialog';
import { showRefusal, submitOnce, textField, useOpsForm } from '../../ui/form';
import { Badge, Button, Card, Notice, Page, Spinner, TextArea, TextInput } from '../../ui/kit';
import { dateTime } from '../../ui/format';
import { changeRole, createOperator, disableOperator, operatorsQuery } from './api';

export function OperatorsPage() {
  const { t } = useLingui();
  const operators = useQuery(operatorsQuery);
  const roleLabel = useRoleLabel();
  const me = useQuery(sessionQuery).data?.operator;
  const [acting, setActing] = useState<{ kind: 'role' | 'disable'; operator: OpsOperatorEntry } | null>(null);
  return (
    <Page title={t`Operators`} subtitle={t`Support reads, finance also decides money, admin also changes settings and operators.`}>
      <div className="grid items-start gap-5 xl:grid-cols-[minmax(0,1fr)_26rem]">
        <Card title={t`Accounts`}>
          {operators.isPending ? (
            <Spinner label={t`Loading…`} />
          ) : operators.isError ? (
            <Notice>{operators.error.message}</Notice>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t`Operator accounts`}</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Name`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Role`}</th>
                    <th scope="col" className="py-2 pe-3 text-start font-medium">{t`Last used`}</th>
                    <th scope="col" className="py-2 pe-3 text-end font-medium">{t`Open sessions`}</th>
                    <th scope="col" className="py-2 text-end font-medium">
                      <span className="sr-only">{t`Actions`}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {operators.data.map((operator) => (
                    <tr key={operator.id} className="border-b border-slate-100">
                      <td className="py-2 pe-3 font-medium">
                        {operator.username}
                        {operator.username === me?.username ? <span className="ms-2 text-xs text-slate-600">{t`(you)`}</span> : null}
                      </td>
                      <td className="py-2 pe-3">{operator.disabled ? <Badge tone="bad">{t`Disabled`}</Badge> : roleLabel(operator.role)}</td>
                      <td className="py-2 pe-3 whitespace-nowrap">{dateTime(operator.lastSeenAt)}</td>
                      <td className="py-2 pe-3 text-end tabular-nums">{operator.openSessions}</td>
                      <td className="py-2 text-end whitespace-nowrap">
                        {operator.disabled ? null : (
                          <span className="inline-flex gap-2">
                            <Button onClick={() => setActing({ kind: 'role', operator })}>{t`Change role…`}</Button>
                            <Button tone="danger" onClick={() => setActing({ kind: 'disable', operator })}>
                              {t`Disable…`}
                            </Button>
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <NewOperator />
      </div>
      {acting?.kind === 'role' ? <RoleDialog operator={acting.operator} onClose={() => setActing(null)} /> : null}
      {acting?.kind === 'disable' ? <DisableDialog operator={acting.operator} onClose={() => setActing(null)} /> : null}
    </Page>
  );
}

function RoleChoice({ value, onChange, label }: { value: OperatorRole; onChange: (role: OperatorRole) => void; label: string }) {
  const roleLabel = useRoleLabel();
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value as OperatorRole)} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal">
        {OPERATOR_ROLES.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </select>
    </label>
  );
}

function RoleDialog({ operator, onClose }: { operator: OpsOperatorEntry; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useOpsForm(operatorRoleChangeSchema, { defaultValues: { username: operator.username, role: operator.role, reason: '' } });
  const role = form.watch('role') as OperatorRole;
  const submit = submitOnce(form, async (input) => {
    try {
      await changeRole(input);
      await queryClient.invalidateQueries({ queryKey: ['ops'] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['role', 'reason']);
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Change the role of ${operator.username}?`}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button tone="primary" busy={form.formState.isSubmitting} onClick={() => void submit()}>
            {t`Change the role`}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <RoleChoice label={t`New role`} value={role} onChange={(next) => form.setValue('role', next)} />
        <TextArea label={t`Reason (kept in the audit log)`} {...textField(form, 'reason')} />
        <p className="text-slate-700">{t`It applies to the operator's next request; nothing is posted to the ledger.`}</p>
        {form.formState.errors.root?.message ? <Notice>{form.formState.errors.root.message}</Notice> : null}
      </form>
    </Dialog>
  );
}

function DisableDialog({ operator, onClose }: { operator: OpsOperatorEntry; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useOpsForm(operatorDisableSchema, { defaultValues: { username: operator.username, reason: '' } });
  const submit = submitOnce(form, async (input) => {
    try {
      await disableOperator(input);
      await queryClient.invalidateQueries({ queryKey: ['ops'] });
      onClose();
    } catch (error) {
      showRefusal(form, error, ['reason']);
    }
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`Disable ${operator.username}?`}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button tone="danger" busy={form.formState.isSubmitting} onClick={() => void submit()}>
            {t`Disable the account`}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-slate-700">{t`The account can no longer sign in and its ${operator.openSessions} open sessions end at once. Its decisions stay in the audit log.`}</p>
        <TextArea label={t`Reason (kept in the audit log)`} {...textField(form, 'reason')} />
        {form.formState.errors.root?.message ? <Notice>{form.formState.errors.root.message}</Notice> : null}
      </form>
    </Dialog>
  );
}

function NewOperator() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<OpsOperatorCreated | null>(null);
  const form = useOpsForm(operatorCreateSchema, { defaultValues: { username: '', password: '', role: 'support' } });
  const role = form.watch('role') as OperatorRole;
  const create = useMutation({ mutationFn: createOperator, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops', 'operators'] }) });
  const submit = submitOnce(form, async (input) => {
    try {
      setCreated(await create.mutateAsync(input));
      form.reset();
    } catch (error) {
      showRefusal(form, error, ['username', 'password', 'role']);
    }
  });
  return (
    <Card title={t`New operator`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextInput label={t`Operator name`} autoComplete="off" hint={t`3–32 letters, digits, . _ or -, starting with a letter.`} {...textField(form, 'username')} />
        <TextInput label={t`First password`} type="password" autoComplete="new-password" hint={t`At least 12 characters; its owner changes it on first use.`} {...textField(form, 'password')} />
        <RoleChoice label={t`Role`} value={role} onChange={(next) => form.setValue('role', next)} />
        {form.formState.errors.root?.message ? <Notice>{form.formState.errors.root.message}</Notice> : null}
        <Button type="submit" tone="primary" busy={form.formState.isSubmitting}>
          {t`Create the operator`}
        </Button>
      </form>
      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title={t`Operator ${created?.username ?? ''} created`}
        footer={
          <Button tone="primary" onClick={() => setCreated(null)}>
            {t`The secret is in the authenticator app`}
          </Button>
        }
      >
        {created ? (
          <>
            <p className="text-slate-700">{t`The authenticator secret is shown this once. Let its owner scan it now, or hand it over safely.`}</p>
            <div className="flex flex-wrap items-center gap-4">
              <QrCode value={created.otpauthUrl} label={t`QR code of the new operator's authenticator secret`} size={168} />
              <code className="rounded bg-slate-100 px-2 py-1 font-mono text-sm tracking-wider break-all">{created.totpSecret.match(/.{1,4}/g)?.join(' ')}</code>
            </div>
          </>
        ) : null}
      </Dialog>
    </Card>
  );
}
