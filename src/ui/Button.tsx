/**
 * The app's buttons: one primary and one secondary, on every screen.
 *
 * - primary: the action the screen is for (Log in, Convert, Withdraw, Confirm pledge): filled
 *   with the brand's deep teal, white text;
 * - secondary: every other action beside or instead of it (Cancel, Load more, Try again, Log out):
 *   a pale teal fill with teal text; `danger` gives it red text, for an action that ends something.
 *
 * Both are semibold, fully rounded and at least 48 px high; a label longer than its button (German,
 * Arabic) wraps onto a second line rather than being cut. They fill their row, or size to their
 * label with `inline`. `busy` shows a spinner in place of the label and turns the button off (a
 * form being sent). Plain markup, no Konsta component: Konsta's merges its classes with
 * tailwind-merge, a long first call on the first screens (docs/architecture.md, "What the first screen runs").
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  kind?: 'primary' | 'secondary';
  /** A secondary action that ends something (log out): red text. */
  danger?: boolean;
  /** As wide as its label, not its row. */
  inline?: boolean;
  /** Being sent: a spinner, and off until it is done. */
  busy?: boolean;
  children: ReactNode;
}

const BASE =
  'relative min-h-12 items-center justify-center gap-2 rounded-full px-5 py-2 text-center text-base leading-snug font-semibold transition-colors select-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sea-700 disabled:pointer-events-none';
const KINDS = {
  primary: 'bg-sea-700 text-white active:bg-sea-800 disabled:bg-black/10 disabled:text-black/45',
  secondary: 'bg-sea-50 text-sea-800 active:bg-sea-100 disabled:bg-black/5 disabled:text-black/40',
  danger: 'bg-rose-50 text-rose-700 active:bg-rose-100 disabled:bg-black/5 disabled:text-black/40',
} as const;

/** The classes of a button of that kind, for a link that looks like one. */
export function buttonClasses({ kind = 'primary', danger = false, inline = false }: Pick<ButtonProps, 'kind' | 'danger' | 'inline'> = {}): string {
  return `${BASE} ${inline ? 'inline-flex' : 'flex w-full'} ${KINDS[kind === 'secondary' && danger ? 'danger' : kind]}`;
}

export function Button({ kind = 'primary', danger, inline, busy = false, type = 'button', disabled, className, children, ...button }: ButtonProps) {
  return (
    <button
      {...button}
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClasses({ kind, danger, inline })}${className ? ` ${className}` : ''}`}
    >
      {busy ? <Spinner size="size-5" color={kind === 'primary' ? 'text-sea-700' : 'text-sea-800'} /> : children}
    </button>
  );
}
