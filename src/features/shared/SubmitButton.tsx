/** A form's main button: its label, or a spinner while the form is being sent (and disabled then). */
import { Button, Preloader } from 'konsta/react';
import type { ReactNode } from 'react';

export function SubmitButton({ busy, className, children }: { busy: boolean; className?: string; children: ReactNode }) {
  return (
    <Button large rounded type="submit" disabled={busy} className={className}>
      {busy ? <Preloader className="size-5 text-white" /> : children}
    </Button>
  );
}
