/**
 * Phone or e-mail: the two ways to sign up, log in and reset a password.
 *
 * Konsta's strong rounded Segmented control with its classes written out: Konsta's component
 * merges its classes with tailwind-merge (whose first call builds its whole class table in one long
 * task) and places its highlight in an effect that renders the control a second time. The login
 * screen is a first screen, so it draws the same markup directly (see app/TabBar.tsx).
 */
import { useLingui } from '@lingui/react/macro';

export type ContactMethod = 'phone' | 'email';

export interface MethodTabsProps {
  value: ContactMethod;
  onChange(method: ContactMethod): void;
  /** The label of the e-mail tab; the login form's also takes a username. */
  emailLabel?: string;
}

const BUTTON =
  'font-medium px-4 k-button text-center justify-center items-center appearance-none py-1 transition-colors focus:outline-none cursor-pointer select-none overflow-hidden z-10 relative w-full flex rounded-full text-sm h-10';

export function MethodTabs({ value, onChange, emailLabel }: MethodTabsProps) {
  const { t } = useLingui();
  const methods: { method: ContactMethod; label: string }[] = [
    { method: 'phone', label: t`Phone` },
    { method: 'email', label: emailLabel ?? t`E-mail` },
  ];
  const active = methods.findIndex((entry) => entry.method === value);
  return (
    <div
      role="tablist"
      className="k-segmented relative mb-5 flex w-full items-center justify-center gap-1 overflow-hidden rounded-full bg-md-light-surface-variant p-0.5 dark:bg-md-dark-surface-3"
    >
      {methods.map(({ method, label }, index) => (
        <button
          key={method}
          type="button"
          role="tab"
          aria-selected={index === active}
          onClick={() => onChange(method)}
          className={
            index === active
              ? `${BUTTON} k-segmented-strong-button-active duration-0`
              : `${BUTTON} duration-300 active:bg-black/10 dark:active:bg-white/5`
          }
        >
          {label}
        </button>
      ))}
      {/* The highlight under the active tab: half the width less the gaps, moved by whole tabs (mirrored in RTL). */}
      <span
        aria-hidden="true"
        className="pointer-events-none absolute start-0.5 top-0.5 bottom-0.5 !ms-0 rounded-full bg-white shadow duration-200 dark:bg-white/15"
        style={{
          width: 'calc((100% - 2px * 2 - 4px * (2 - 1)) / 2)',
          transform: `translateX(calc((${active} * 100% + ${active} * 4px) * var(--k-rtl-reverse)))`,
        }}
      />
    </div>
  );
}
