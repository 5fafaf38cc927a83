/** What the configuration pages share: may the signed-in operator change it, and the change dialog (old → new, nothing posted to the ledger). */
import { useLingui } from '@lingui/react/macro';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { roleAllows, type OperatorRole } from '../../../domain/operators';
import { useRefreshing } from '../../api/query';
import { sessionQuery } from '../../api/session';
import { ConfirmDialog } from '../../ui/Dialog';
import { submitTo } from '../../ui/form';
import { Table } from '../../ui/Table';

/** Does the signed-in operator have the role the server asks for this change? */
export function useMayChange(role: OperatorRole): boolean {
  const me = useQuery(sessionQuery).data?.operator;
  return me ? roleAllows(me.role, role) : false;
}

export interface Change {
  label: string;
  old: ReactNode;
  new: ReactNode;
}

/**
 * A change's form in a dialog: the fields, then each value's old → new, and that the ledger posts
 * nothing. Its button sends the form's checked values (`send`), reads `refresh` again and closes;
 * a refusal goes under the field it names (one of `fields`), else above the buttons.
 */
export function ChangeDialog<V extends FieldValues, O extends FieldValues>({
  title,
  confirm,
  changes,
  form,
  send,
  fields,
  refresh,
  onClose,
  children,
  reasoned = true,
}: {
  title: ReactNode;
  confirm: ReactNode;
  changes: Change[];
  form: UseFormReturn<V, unknown, O>;
  send: (input: O) => Promise<unknown>;
  fields: readonly Path<V>[];
  refresh: QueryKey;
  onClose: () => void;
  children: ReactNode;
  /** Whether the change takes a reason (kept in the audit log). */
  reasoned?: boolean;
}) {
  const submit = submitTo(form, useRefreshing(send, refresh), fields, onClose);
  const { t } = useLingui();
  const formId = useId();
  return (
    <ConfirmDialog title={title} confirm={confirm} busy={form.formState.isSubmitting} form={formId} refusal={form.formState.errors.root?.message} onClose={onClose}>
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-3">
        {children}
      </form>
      <Table<Change>
        caption={t`The change`}
        rows={changes}
        rowKey={(change) => String(change.label)}
        columns={[
          { header: t`Value`, rowHeader: true, cell: (change) => change.label },
          { header: t`Now`, className: 'font-mono break-all text-slate-600', cell: (change) => change.old },
          { header: t`After`, className: 'font-mono break-all', cell: (change) => change.new },
        ]}
      />
      <p className="text-slate-700">{reasoned ? t`Nothing is posted to the ledger. The change and its reason are kept in the audit log.` : t`Nothing is posted to the ledger. The change is kept in the audit log.`}</p>
    </ConfirmDialog>
  );
}

/** A value or a dash when there is none. */
export const shown = (value: string | null | undefined): string => (value === null || value === undefined || value === '' ? '—' : value);

