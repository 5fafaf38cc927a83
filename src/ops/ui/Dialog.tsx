/**
 * A modal dialog on the native <dialog> (focus kept inside, Escape closes, the page behind inert):
 * every decision of the console is confirmed in one, with what it will do to the ledger said
 * before it is made.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, Notice } from './kit';

export function Dialog({ open, title, onClose, children, footer }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode; footer: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(34rem,calc(100vw-2rem))] rounded-xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40"
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="flex flex-col gap-3 text-sm">{children}</div>
          <div className="flex flex-wrap justify-end gap-2">{footer}</div>
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A decision's dialog: what it does, then Cancel and the button that makes it — `onConfirm`, or the
 * submit of the form whose id is `form` — and the server's refusal when it comes.
 */
export function ConfirmDialog({
  open = true,
  title,
  confirm,
  tone = 'primary',
  busy,
  disabled,
  onConfirm,
  form,
  refusal,
  onClose,
  children,
}: {
  open?: boolean;
  title: ReactNode;
  confirm: ReactNode;
  tone?: 'primary' | 'danger';
  busy: boolean;
  disabled?: boolean;
  onConfirm?: () => void;
  form?: string;
  refusal?: string | null;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button type={form ? 'submit' : 'button'} form={form} tone={tone} busy={busy} disabled={disabled} onClick={onConfirm}>
            {confirm}
          </Button>
        </>
      }
    >
      {children}
      {refusal ? <Notice>{refusal}</Notice> : null}
    </Dialog>
  );
}

/** One line of what a decision posts: from which account to which, how much. */
export interface LedgerLine {
  from: ReactNode;
  to: ReactNode;
  amount: ReactNode;
}

export function LedgerPreview({ caption, lines }: { caption: ReactNode; lines: LedgerLine[] }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="mb-1 text-start text-xs font-semibold tracking-wide text-slate-600 uppercase">{caption}</caption>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index} className="border-t border-slate-200">
            <td className="py-1.5 pe-2 text-slate-700">{line.from}</td>
            <td className="px-1 text-slate-500" aria-hidden>
              →
            </td>
            <td className="py-1.5 pe-2 text-slate-700">{line.to}</td>
            <td className="py-1.5 text-end font-medium tabular-nums whitespace-nowrap">{line.amount}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
