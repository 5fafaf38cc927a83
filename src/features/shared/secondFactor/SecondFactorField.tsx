/**
 * The second factor, asked for on top of a password wherever the account has one (docs/security.md):
 * the six digits of the authenticator app — the phone offers the code it received, and the app's
 * digits may be pasted with their space — or, after "Use a recovery code instead", one of the
 * recovery codes saved at setup (XXXXX-XXXXX, any case, with or without its dash). The codes read
 * left to right in every language.
 *
 * `useSecondFactor` holds the field's state for a form or a sheet: whether it shows (from the start
 * when the account has a second factor, or once the server answered 403 `secondFactor.required`),
 * the proof to send, and a refusal about it said under the field.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { isApiError } from '../../../api/client';
import { secondFactorSchema, type SecondFactorProof } from '../../../domain/validation';
import { errorMessage } from '../../../i18n';
import { PinInput } from '../../../ui/form/PinInput';
import { TextField } from '../../../ui/form/TextField';

/** What the person types: a code of the app, or a recovery code. */
export interface SecondFactorInput {
  method: 'totp' | 'recovery';
  code: string;
}

export const NO_CODE: SecondFactorInput = { method: 'totp', code: '' };
const TOTP_DIGITS = 6;

/** The proof the input makes (the domain's rules), or null while it is incomplete or not a code. */
export function proofOf(input: SecondFactorInput): SecondFactorProof | null {
  const parsed = secondFactorSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

export interface SecondFactorFieldProps {
  value: SecondFactorInput;
  onChange(value: SecondFactorInput): void;
  /** The code is whole: the sixth digit typed, or a recovery code's tenth character. */
  onComplete?(value: SecondFactorInput): void;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The input, for a parent that moves the focus to it. */
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function SecondFactorField({ value, onChange, onComplete, error, disabled, autoFocus, inputRef }: SecondFactorFieldProps) {
  const { t } = useLingui();
  const ownRef = useRef<HTMLInputElement | null>(null);
  const ref = inputRef ?? ownRef;
  const [switched, setSwitched] = useState(false);

  // After a switch, the other field takes the focus (and the keyboard that fits it).
  useEffect(() => {
    if (switched) ref.current?.focus({ preventScroll: true });
  }, [switched, value.method, ref]);

  function switchMethod() {
    setSwitched(true);
    onChange({ method: value.method === 'totp' ? 'recovery' : 'totp', code: '' });
  }

  function changeRecovery(text: string) {
    const next = { method: 'recovery' as const, code: text.toUpperCase() };
    onChange(next);
    if (proofOf(next) && !proofOf(value)) onComplete?.(next);
  }

  return (
    <div>
      {value.method === 'totp' ? (
        <PinInput
          label={t`Code from your authenticator app`}
          value={value.code}
          length={TOTP_DIGITS}
          masked={false}
          onChange={(code) => onChange({ method: 'totp', code })}
          onComplete={(code) => onComplete?.({ method: 'totp', code })}
          error={error}
          disabled={disabled}
          autoFocus={autoFocus}
          inputRef={ref}
        />
      ) : (
        <TextField
          label={t`Recovery code`}
          value={value.code}
          onChange={changeRecovery}
          error={error}
          hint={t`One of the codes you saved when you set up the app. Each works once.`}
          placeholder="XXXXX-XXXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={13}
          disabled={disabled}
          autoFocus={autoFocus}
          ltr
          className="[&_input]:font-mono [&_input]:tracking-wider"
          inputRef={ref}
        />
      )}
      <button
        type="button"
        onClick={switchMethod}
        disabled={disabled}
        className="-ms-3 mt-1 flex min-h-11 items-center px-3 text-sm font-medium text-sea-700"
      >
        {value.method === 'totp' ? t`Use a recovery code instead` : t`Use the authenticator app instead`}
      </button>
    </div>
  );
}

export interface SecondFactorPrompt {
  /** Whether the field shows: the account has a second factor, or the server asked for it. */
  asked: boolean;
  /** The field's value, change and problem. */
  field: Pick<SecondFactorFieldProps, 'value' | 'onChange' | 'error'>;
  /** The proof the field holds, or null while it is incomplete. */
  proof: SecondFactorProof | null;
  /**
   * For a request about to be sent: undefined when not asked, the proof when the field holds one;
   * false when it does not (its problem is then said under the field).
   */
  take(): SecondFactorProof | undefined | false;
  /**
   * A refusal of the request that is about the second factor (asked for, wrong, locked): the field
   * shows (when it did not) with the server's words under it, and a wrong code is cleared. True when
   * the refusal was one.
   */
  refused(error: unknown): boolean;
  /** Empty again, as asked at first. */
  reset(): void;
}

export function useSecondFactor(askedAtFirst: boolean): SecondFactorPrompt {
  // Asked from the start follows the profile as it loads; asked by the server stays until reset.
  const [serverAsked, setServerAsked] = useState(false);
  const asked = askedAtFirst || serverAsked;
  const [value, setValue] = useState<SecondFactorInput>(NO_CODE);
  const [error, setError] = useState<string | null>(null);
  const proof = proofOf(value);
  return {
    asked,
    field: {
      value,
      onChange(next) {
        setValue(next);
        setError(null);
      },
      error,
    },
    proof,
    take() {
      if (!asked) return undefined;
      if (proof) return proof;
      setError(errorMessage(value.code.trim() ? 'secondFactor.format' : 'secondFactor.required'));
      return false;
    },
    refused(failure) {
      if (!isApiError(failure) || !failure.key?.startsWith('secondFactor.')) return false;
      setServerAsked(true);
      setError(failure.message);
      if (failure.key !== 'secondFactor.required') setValue((current) => ({ ...current, code: '' }));
      return true;
    },
    reset() {
      setServerAsked(false);
      setValue(NO_CODE);
      setError(null);
    },
  };
}
