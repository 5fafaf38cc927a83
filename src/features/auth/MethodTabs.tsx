/**
 * Phone or e-mail: the two ways to sign up, log in and reset a password. Konsta's strong rounded
 * Segmented control, written out (ui/konstaMarkup.ts): the login screen is a first screen. The
 * highlight's place is computed here; Konsta's component sets it in an effect and renders twice.
 */
import { useLingui } from '@lingui/react/macro';
import { KONSTA_BUTTON } from '../../ui/konstaMarkup';

export type ContactMethod = 'phone' | 'email';

export interface MethodTabsProps {
  value: ContactMethod;
  onChange(method: ContactMethod): void;
}

const BUTTON = `${KONSTA_BUTTON} h-10 text-sm`;

export function MethodTabs({ value, onChange }: MethodTabsProps) {
  const { t } = useLingui();
  const methods: { method: ContactMethod; label: string }[] = [
    { method: 'phone', label: t`Phone` },
    // Short enough for its half of the row in every language; the login's field says a username works too.
    { method: 'email', label: t`E-mail` },
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
