/**
 * The operator accounts (admin): who has which role, who is signed in; a new operator with its
 * authenticator secret shown once as a QR code; a role changed or an account disabled, each with
 * a reason for the audit.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { OPERATOR_ROLES, type OperatorRole } from '../../../domain/operators';
import { operatorCreateSchema, operatorRoleChangeSchema, type OpsOperatorCreated, type OpsOperatorEntry } from '../../../domain/ops-wire';
import { QrCode } from '../../../ui/QrCode';
import { useRefreshing } from '../../api/query';
import { sessionQuery } from '../../api/session';
import { useRoleLabel } from '../../app/roles';
import { ConfirmDialog, Dialog } from '../../ui/Dialog';
import { submitTo, textField, useOpsForm } from '../../ui/form';
import { dateTime } from '../../ui/format';
import { Badge, Button, Card, Notice, Page, TextArea, TextInput } from '../../ui/kit';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { actionsColumn, ListTable } from '../../ui/Table';
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
          <ListTable
            query={operators}
            caption={t`Operator accounts`}
            rowKey={(operator) => operator.id}
            columns={[
              {
                header: t`Name`,
                cell: (operator) => (
                  <>
                    <span className="font-medium">{operator.username}</span>
                    {operator.username === me?.username ? <span className="ms-2 text-xs text-slate-600">{t`(you)`}</span> : null}
                  </>
                ),
              },
              { header: t`Role`, cell: (operator) => (operator.disabled ? <Badge tone="bad">{t`Disabled`}</Badge> : roleLabel(operator.role)) },
              { header: t`Last used`, nowrap: true, cell: (operator) => dateTime(operator.lastSeenAt) },
              { header: t`Open sessions`, numeric: true, cell: (operator) => operator.openSessions },
              actionsColumn<OpsOperatorEntry>(t`Actions`, (operator) =>
                operator.disabled ? null : (
                  <span className="inline-flex gap-2">
                    <Button onClick={() => setActing({ kind: 'role', operator })}>{t`Change role…`}</Button>
                    <Button tone="danger" onClick={() => setActing({ kind: 'disable', operator })}>
                      {t`Disable…`}
                    </Button>
                  </span>
                ),
              ),
            ]}
          />
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
  const formId = useId();
  const form = useOpsForm(operatorRoleChangeSchema, { defaultValues: { username: operator.username, role: operator.role, reason: '' } });
  const role = form.watch('role') as OperatorRole;
  const submit = submitTo(form, useRefreshing(changeRole, ['ops']), ['role', 'reason'], onClose);
  return (
    <ConfirmDialog
      title={t`Change the role of ${operator.username}?`}
      confirm={t`Change the role`}
      busy={form.formState.isSubmitting}
      form={formId}
      refusal={form.formState.errors.root?.message}
      onClose={onClose}
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <RoleChoice label={t`New role`} value={role} onChange={(next) => form.setValue('role', next)} />
        <TextArea label={t`Reason (kept in the audit log)`} {...textField(form, 'reason')} />
        <p className="text-slate-700">{t`It applies to the operator's next request; nothing is posted to the ledger.`}</p>
      </form>
    </ConfirmDialog>
  );
}

function DisableDialog({ operator, onClose }: { operator: OpsOperatorEntry; onClose: () => void }) {
  const { t } = useLingui();
  const disable = useRefreshing(disableOperator, ['ops']);
  return (
    <ReasonDialog
      title={t`Disable ${operator.username}?`}
      confirm={t`Disable the account`}
      tone="danger"
      onConfirm={(reason) => disable({ username: operator.username, reason })}
      onClose={onClose}
    >
      <p className="text-slate-700">{t`The account can no longer sign in and its ${operator.openSessions} open sessions end at once. Its decisions stay in the audit log.`}</p>
    </ReasonDialog>
  );
}

function NewOperator() {
  const { t } = useLingui();
  const [created, setCreated] = useState<OpsOperatorCreated | null>(null);
  const form = useOpsForm(operatorCreateSchema, { defaultValues: { username: '', password: '', role: 'support' } });
  const role = form.watch('role') as OperatorRole;
  const create = useRefreshing(createOperator, ['ops', 'operators']);
  const submit = submitTo(form, create, ['username', 'password', 'role'], (reply) => {
    setCreated(reply);
    form.reset();
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
