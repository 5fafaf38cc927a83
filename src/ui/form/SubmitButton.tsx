/**
 * A form's main button: its label, or a spinner while the form is being sent (and disabled then).
 * Konsta's large rounded filled Button, written out (ui/konstaMarkup.ts): the login and sign-up
 * screens are first screens.
 */
import type { ReactNode } from 'react';
import { KONSTA_BUTTON } from '../konstaMarkup';
import { Spinner } from '../Spinner';

const READY = 'text-md-light-on-primary dark:text-md-dark-on-primary bg-md-light-primary dark:bg-md-dark-primary active:brightness-90';
const BUSY = 'pointer-events-none bg-black/10 dark:bg-white/10 text-black/30 dark:text-white/30';

export function SubmitButton({ busy, className, children }: { busy: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className={`${KONSTA_BUTTON} h-12 duration-300 ${busy ? BUSY : READY}${className ? ` ${className}` : ''}`}>
      {busy ? <Spinner size="size-5" color="text-white dark:text-md-dark-primary" /> : children}
    </button>
  );
}
