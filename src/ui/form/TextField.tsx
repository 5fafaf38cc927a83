/**
 * A labelled text field with its error underneath: the one input style of every form.
 * The error is linked to the input (aria-describedby, aria-invalid) so screen readers read it.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

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
   * A field whose value runs left to right in every language, Arabic and Hebrew too (amounts,
   * addresses, IBANs, e-mail, codes, phone numbers): the input is left to right, so its characters
   * are never reordered, and its text starts at the left edge, where a person reads an address or
   * an IBAN from. The box around it keeps the page's direction: a control in the page's language
   * ("All", "Send code") sits at the field's end — on the left in Arabic — and a placeholder written
   * in the page's language ("6 أرقام") is read from the page's start, on the right. Label, hint and
   * error keep the page's direction too.
   *
   * 'whole': what is before and after the input belongs to the value and reads with it left to
   * right (a calling code before a phone number, a unit after an amount): the whole box is laid
   * out left to right, as in English.
   */
  ltr?: boolean | 'whole';
  /** The input itself, for a parent that moves the focus (a field that replaces another). */
  inputRef?: Ref<HTMLInputElement>;
}

/** Whether a text's first letter is of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko…): it reads from the right. */
function readsRightToLeft(text: string): boolean {
  const letter = /[\p{L}]/u.exec(text)?.[0];
  return letter !== undefined && /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u.test(letter);
}

export function TextField({ label, value, onChange, error, hint, leading, trailing, ltr, id, className, inputRef, ...input }: TextFieldProps) {
  const autoId = useId();
  // While it shows, a placeholder in the page's right-to-left language is set right to left, at
  // the start; the value typed is left to right again.
  const placeholderRtl = ltr === true && typeof input.placeholder === 'string' && readsRightToLeft(input.placeholder);
  const inputId = id ?? autoId;
  const noteId = `${inputId}-note`;
  const note = error || hint;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <div
        dir={ltr === 'whole' ? 'ltr' : undefined}
        className={[
          'flex min-h-12 items-center gap-2 rounded-xl border bg-surface px-3 transition-colors',
          'focus-within:border-sea-600 focus-within:ring-2 focus-within:ring-sea-600/15',
          error ? 'border-rose-500' : 'border-line',
        ].join(' ')}
      >
        {leading}
        <input
          ref={inputRef}
          id={inputId}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={note ? noteId : undefined}
          dir={ltr ? 'ltr' : undefined}
          className={`min-w-0 flex-1 bg-transparent py-3 text-base text-ink outline-none placeholder:text-muted/70 ${placeholderRtl ? 'placeholder-shown:[direction:rtl]' : ''}`}
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
