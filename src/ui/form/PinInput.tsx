/**
 * Six boxes for a payment password (or any fixed-length digit code). One real input sits over
 * the boxes, so the phone's number pad, paste, autofill and screen readers all work as with
 * any field; the boxes only draw what it holds, masked as dots.
 */
import { useId, type Ref } from 'react';
import { PAY_PASSWORD_LENGTH } from '../../domain/constants';

export interface PinInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Called once when the last digit is entered. */
  onComplete?(value: string): void;
  length?: number;
  error?: string | null;
  /** Show dots instead of digits (payment passwords); off for verification codes. */
  masked?: boolean;
  autoFocus?: boolean;
  /** The real input, for a parent that moves the focus itself (a sheet as it opens). */
  inputRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
  /** Hide the visible label (when a dialog title already says it). */
  hideLabel?: boolean;
}

export function PinInput({
  label,
  value,
  onChange,
  onComplete,
  length = PAY_PASSWORD_LENGTH,
  error,
  masked = true,
  autoFocus,
  inputRef,
  disabled,
  hideLabel,
}: PinInputProps) {
  const id = useId();
  const boxes = Array.from({ length }, (_, index) => value[index] ?? '');

  function change(raw: string) {
    const digits = raw.replace(/\D/g, '').slice(0, length);
    onChange(digits);
    if (digits.length === length && value.length !== length) onComplete?.(digits);
  }

  return (
    <div>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-ink'}>
        {label}
      </label>
      <div className="relative" dir="ltr">
        <input
          ref={inputRef}
          id={id}
          value={value}
          onChange={(event) => change(event.target.value)}
          inputMode="numeric"
          autoComplete={masked ? 'off' : 'one-time-code'}
          pattern="\d*"
          maxLength={length}
          autoFocus={autoFocus}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="peer absolute inset-0 z-10 size-full cursor-text opacity-0"
          type={masked ? 'password' : 'text'}
        />
        <div
          className="grid gap-2 peer-focus:[&>.pin-focus]:border-sea-600 peer-focus:[&>.pin-focus]:ring-2 peer-focus:[&>.pin-focus]:ring-sea-600/15"
          style={{ gridTemplateColumns: `repeat(${length}, minmax(0, 1fr))` }} aria-hidden="true">
          {boxes.map((char, index) => {
            const focused = index === Math.min(value.length, length - 1);
            return (
              <div
                key={index}
                className={[
                  'flex aspect-square max-h-14 items-center justify-center rounded-xl border bg-surface text-xl font-semibold text-ink',
                  error ? 'border-rose-500' : 'border-line',
                  focused ? 'pin-focus' : '',
                ].join(' ')}
              >
                {char ? (masked ? <span className="size-2.5 rounded-full bg-ink" /> : char) : null}
              </div>
            );
          })}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
