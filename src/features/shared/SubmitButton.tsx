/**
 * A form's main button: its label, or a spinner while the form is being sent (and disabled then).
 *
 * Konsta's large rounded Button (Material, filled) with its classes written out: the login and
 * sign-up screens are first screens, and Konsta's component merges its classes with tailwind-merge,
 * whose first call builds its whole class table in one long task (see app/TabBar.tsx).
 */
import type { ReactNode } from 'react';
import { Spinner } from '../../app/Spinner';

const BASE =
  'duration-300 font-medium px-4 k-button text-center justify-center items-center appearance-none py-1 transition-colors focus:outline-none cursor-pointer select-none overflow-hidden z-10 relative w-full flex rounded-full h-12';
const READY = 'text-md-light-on-primary dark:text-md-dark-on-primary bg-md-light-primary dark:bg-md-dark-primary active:brightness-90';
const BUSY = 'pointer-events-none bg-black/10 dark:bg-white/10 text-black/30 dark:text-white/30';

export function SubmitButton({ busy, className, children }: { busy: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" disabled={busy} className={`${BASE} ${busy ? BUSY : READY}${className ? ` ${className}` : ''}`}>
      {busy ? <Spinner size="size-5" color="text-white dark:text-md-dark-primary" /> : children}
    </button>
  );
}
