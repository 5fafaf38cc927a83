/** What the configuration pages share: may the signed-in operator change it, the change dialog (old → new, nothing posted to the ledger), a plain table. */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { roleAllows, type OperatorRole } from '../../../domain/operators';
import { sessionQuery } from '../../api/session';
import { Dialog } from '../../ui/Dialog';
import { Button, Notice } from '../../ui/kit';

/** Does the signed-in operator have the role the server asks for this change? */
export function useMayChange(role: OperatorRole): boolean {
  const me = useQuery(sessionQuery).data?.operator;
  return me ? roleAllows(me.role, role) : false;
}

export interface Change {
  label: ReactNode;
  old: ReactNode;
  new: ReactNode;
}

/** A change's form in a dialog: the fields, then each value's old → new, and that the ledger posts nothing. */
export function ChangeDialog({
  title,
  confirm,
  changes,
  busy,
  refusal,
  onSubmit,
  onClose,
  children,
  reasoned = true,
}: {
  title: ReactNode;
  confirm: ReactNode;
  changes: Change[];
  busy: boolean;
  refusal?: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
  /** Whether the change takes a reason (kept in the audit log). */
  reasoned?: boolean;
}) {
  const { t } = useLingui();
  const formId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button type="submit" form={formId} tone="primary" busy={busy}>
            {confirm}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        {children}
      </form>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t`The change`}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            <th scope="col" className="py-1 pe-3 text-start font-medium">{t`Value`}</th>
            <th scope="col" className="py-1 pe-3 text-start font-medium">{t`Now`}</th>
            <th scope="col" className="py-1 text-start font-medium">{t`After`}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            <tr key={index} className="border-b border-slate-100 align-top">
              <th scope="row" className="py-1 pe-3 text-start font-medium">{change.label}</th>
              <td className="py-1 pe-3 font-mono break-all text-slate-600">{change.old}</td>
              <td className="py-1 font-mono break-all">{change.new}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-slate-700">{reasoned ? t`Nothing is posted to the ledger. The change and its reason are kept in the audit log.` : t`Nothing is posted to the ledger. The change is kept in the audit log.`}</p>
      {refusal ? <Notice>{refusal}</Notice> : null}
    </Dialog>
  );
}

/** A value or a dash when there is none. */
export const shown = (value: string | null | undefined): string => (value === null || value === undefined || value === '' ? '—' : value);

export const headCell = 'py-2 pe-3 text-start font-medium';
export const headRow = 'border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase';
