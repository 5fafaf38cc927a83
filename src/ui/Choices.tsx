/**
 * A row of pill buttons of which one is chosen: the options of a form (role radio) or the tabs of
 * a list (role tab). Each at least 44 px high; the row scrolls sideways when it is wider than the
 * screen.
 */
import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
}

export interface ChoicesProps<T extends string> {
  /** radio: one value of a form; tab: which list is shown. */
  kind?: 'radio' | 'tab';
  /** The group's accessible name. */
  label: string;
  options: ReadonlyArray<Choice<T>>;
  value: T;
  onChange(value: T): void;
  className?: string;
}

export function Choices<T extends string>({ kind = 'radio', label, options, value, onChange, className = '' }: ChoicesProps<T>) {
  return (
    <div role={kind === 'radio' ? 'radiogroup' : 'tablist'} aria-label={label} className={`flex gap-2 overflow-x-auto ${className}`}>
      {options.map((option) => {
        const chosen = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role={kind}
            {...(kind === 'radio' ? { 'aria-checked': chosen } : { 'aria-selected': chosen })}
            onClick={() => onChange(option.value)}
            className={`min-h-11 shrink-0 rounded-full px-4 text-sm font-medium ${chosen ? 'bg-sea-600 text-white' : 'bg-surface text-ink'}`}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
