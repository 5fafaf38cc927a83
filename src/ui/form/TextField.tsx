/**
 * A labelled text field with its error underneath: the one input style of every form.
 * The error is linked to the input (aria-describedby, aria-invalid) so screen readers read it.
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size'> {
  label: ReactNode;
  value: string;
  onChange(value: string): void;
  /** Shown under the field in red; also marks the input invalid. */
  error?: string | null;
  /** A short hint under the field when there is no error. */
  hint?: ReactNode;
  /** Before the input, inside the border (an area-code button, an icon). */
  leading?: ReactNode;
  /** After the input, inside the border (show/hide, send code). */
  trailing?: ReactNode;
  /**
   * A field whose content runs left to right in every language, Arabic and Hebrew too (amounts,
   * addresses, IBANs, e-mail, codes, phone numbers): the box is laid out left to right, as in
   * English — the text starts at the left edge, where a person reads an address or an IBAN from,
   * and "All", a unit or "Send code" follow it at the right, a calling code precedes it. Label,
   * hint and error keep the page's direction.
   */
  ltr?: boolean;
}

export function TextField({ label, value, onChange, error, hint, leading, trailing, ltr, id, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  const note = error || hint;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div
        dir={ltr ? 'ltr' : undefined}
        className={[
          'flex min-h-12 items-center gap-2 rounded-xl border bg-surface px-3 transition-colors',
          'focus-within:border-sea-600 focus-within:ring-2 focus-within:ring-sea-600/15',
          error ? 'border-rose-500' : 'border-line',
        ].join(' ')}
      >
        {leading}
        <input
          id={inputId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          className="min-w-0 flex-1 bg-transparent py-3 text-base text-ink outline-none placeholder:text-muted/70"
          {...input}
        />
        {trailing}
      </div>
      {note ? (
        <p id={noteId} role={error ? 'alert' : undefined} className={`mt-1.5 text-xs leading-snug ${error ? 'text-rose-700' : 'text-muted'}`}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
