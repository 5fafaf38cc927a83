/**
 * The app's one segmented control: a row of options of which one is chosen — the options of a
 * form (role radio: a network, a currency, a loan's period) or the tabs of a list (role tab:
 * Phone or E-mail, an order's status). A pale track holding the options; the chosen one filled
 * with the brand's deep teal, as the primary button is (ui/Button.tsx). The options share the
 * row equally, each at least 44 px high; a row wider than the screen scrolls sideways.
 */
import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
}

export interface ChoicesProps<T extends string> {
  /** radio: one value of a form; tab: which list is shown. */
  kind?: 'radio' | 'tab';
  /** The group's accessible name, when no visible label names it (`labelledBy`). */
  label?: string;
  /** The id of the visible label that names the group. */
  labelledBy?: string;
  options: ReadonlyArray<Choice<T>>;
  value: T;
  onChange(value: T): void;
  /** Classes of the box around the track (its place on the screen). */
  className?: string;
}

export function Choices<T extends string>({ kind = 'radio', label, labelledBy, options, value, onChange, className = '' }: ChoicesProps<T>) {
  return (
    <div className={className}>
      <div
        role={kind === 'radio' ? 'radiogroup' : 'tablist'}
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        className="flex gap-1 overflow-x-auto rounded-full bg-line p-1"
      >
        {options.map((option) => {
          const chosen = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role={kind}
              {...(kind === 'radio' ? { 'aria-checked': chosen } : { 'aria-selected': chosen })}
              onClick={() => onChange(option.value)}
              className={`min-h-11 flex-1 shrink-0 rounded-full px-4 text-sm font-semibold whitespace-nowrap transition-colors ${chosen ? 'bg-sea-700 text-white' : 'text-ink active:bg-black/5'}`}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
