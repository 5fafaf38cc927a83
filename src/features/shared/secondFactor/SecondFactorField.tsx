/**
 * The second factor, asked for on top of a password wherever the account has one (docs/security.md):
 * the six digits of the authenticator app — the phone offers the code it received, and the app's
 * digits may be pasted with their space —, one of the recovery codes saved at setup (XXXXX-XXXXX,
 * any case, with or without its dash), or one of the account's passkeys (the browser's own dialog
 * answers a challenge of the server). Only the ways the account has are offered, the passkey only
 * where the browser has passkeys; the codes read left to right in every language.
 *
 * `useSecondFactor` holds the field's state for a form or a sheet: whether it shows (from the start
 * when the profile says the account has a second factor, or once the server answered 403
 * `secondFactor.required`: the profile is then read again, to offer the right ways), the proof to
 * send, and a refusal about it said under the field.
 */
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { stepUpPasskeyOptions } from '../../../api/calls';
import { isApiError } from '../../../api/client';
import { loadAccount } from '../../../api/queries';
import type { SecondFactorMethod } from '../../../domain/security';
import { secondFactorSchema, type SecondFactorProof } from '../../../domain/validation';
import type { PasskeyRequestOptions } from '../../../domain/wire';
import { errorMessage } from '../../../i18n';
import { userInfoAtom } from '../../../storage/session';
import { Button } from '../../../ui/Button';
import { PinInput } from '../../../ui/form/PinInput';
import { TextField } from '../../../ui/form/TextField';
import { CheckIcon } from '../../../ui/icons';
import { KeyIcon } from '../../../ui/moreIcons';
import { browserHasPasskeys, passkeyProblem } from '../passkeys';

type PasskeyAnswer = Extract<SecondFactorProof, { method: 'passkey' }>['response'];

/** What the person gave: a code of the app or a recovery code as typed, or a passkey's answer once the browser gave it. */
export type SecondFactorInput = { method: 'totp'; code: string } | { method: 'recovery'; code: string } | { method: 'passkey'; response: PasskeyAnswer | null };

const TOTP_DIGITS = 6;
/** Every way, for a server that asked while the profile did not say (yet) which ways the account has. */
const EVERY_WAY: readonly SecondFactorMethod[] = ['totp', 'recovery', 'passkey'];

/** The proof the input makes (the domain's rules), or null while it is incomplete or not a code. */
export function proofOf(input: SecondFactorInput): SecondFactorProof | null {
  if (input.method === 'passkey') return input.response ? { method: 'passkey', response: input.response } : null;
  const parsed = secondFactorSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/**
 * The ways this browser can use of `methods`, in the order they are offered: the app's code first.
 * An account with passkeys alone keeps its passkey where the browser has none: pressed, it says why.
 */
function usableWays(methods: readonly SecondFactorMethod[]): SecondFactorMethod[] {
  const usable = EVERY_WAY.filter((method) => methods.includes(method) && (method !== 'passkey' || browserHasPasskeys()));
  return usable.length === 0 && methods.includes('passkey') ? ['passkey'] : usable;
}

const emptyInput = (method: SecondFactorMethod): SecondFactorInput => (method === 'passkey' ? { method, response: null } : { method, code: '' });

export interface SecondFactorFieldProps {
  value: SecondFactorInput;
  onChange(value: SecondFactorInput): void;
  /** The ways the account has (a sign-in ticket's methods, the profile's). */
  methods: readonly SecondFactorMethod[];
  /** Whole: the sixth digit typed, a recovery code's tenth character, or a passkey's answer. */
  onComplete?(proof: SecondFactorProof): void;
  /** The challenge a passkey answers: a step-up's by default, a sign-in's with its ticket. */
  passkeyOptions?(): Promise<PasskeyRequestOptions>;
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The input, for a parent that moves the focus to it. */
  inputRef?: RefObject<HTMLInputElement | null>;
}

export function SecondFactorField({ value, onChange, methods, onComplete, passkeyOptions = stepUpPasskeyOptions, error, disabled, autoFocus, inputRef }: SecondFactorFieldProps) {
  const { t } = useLingui();
  const ownRef = useRef<HTMLInputElement | null>(null);
  const ref = inputRef ?? ownRef;
  const [switched, setSwitched] = useState(false);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ways = usableWays(methods);
  // A way the account does not have (the profile arrived since) gives way to its first one.
  const shown = ways.includes(value.method) || ways.length === 0 ? value : emptyInput(ways[0]);

  // After a switch, the other field takes the focus (and the keyboard that fits it).
  useEffect(() => {
    if (switched) ref.current?.focus({ preventScroll: true });
  }, [switched, shown.method, ref]);

  function switchTo(method: SecondFactorMethod) {
    setSwitched(true);
    setProblem(null);
    onChange(emptyInput(method));
  }

  function changeRecovery(text: string) {
    const next = { method: 'recovery' as const, code: text.toUpperCase() };
    onChange(next);
    const proof = proofOf(next);
    if (proof && !proofOf(shown)) onComplete?.(proof);
  }

  /** The browser's passkey dialog answers the server's challenge; its refusals are said here, the server's by the API client. */
  async function askPasskey() {
    if (asking) return;
    setAsking(true);
    setProblem(null);
    try {
      const [optionsJSON, { startAuthentication }] = await Promise.all([passkeyOptions(), import('@simplewebauthn/browser')]);
      const response = (await startAuthentication({ optionsJSON })) as PasskeyAnswer;
      onChange({ method: 'passkey', response });
      onComplete?.({ method: 'passkey', response });
    } catch (failure) {
      if (!isApiError(failure)) setProblem(errorMessage(passkeyProblem(failure)));
    } finally {
      setAsking(false);
    }
  }

  const switchLabels: Record<SecondFactorMethod, string> = {
    totp: t`Use the authenticator app instead`,
    recovery: t`Use a recovery code instead`,
    passkey: t`Use a passkey instead`,
  };

  return (
    <div>
      {shown.method === 'totp' ? (
        <PinInput
          label={t`Code from your authenticator app`}
          value={shown.code}
          length={TOTP_DIGITS}
          masked={false}
          onChange={(code) => onChange({ method: 'totp', code })}
          onComplete={(code) => {
            const proof = proofOf({ method: 'totp', code });
            if (proof) onComplete?.(proof);
          }}
          error={error}
          disabled={disabled}
          autoFocus={autoFocus}
          inputRef={ref}
        />
      ) : shown.method === 'recovery' ? (
        <TextField
          label={t`Recovery code`}
          value={shown.code}
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
      ) : (
        <div className="space-y-2">
          {shown.response ? (
            <p role="status" className="flex min-h-12 items-center gap-2 text-sm font-semibold text-sea-800">
              <CheckIcon size={20} />
              {t`Confirmed with a passkey`}
            </p>
          ) : (
            <Button kind="secondary" onClick={() => void askPasskey()} busy={asking} disabled={disabled}>
              <KeyIcon size={20} />
              {t`Confirm with a passkey`}
            </Button>
          )}
          {problem || error ? (
            <p role="alert" className="text-xs text-rose-700">
              {problem ?? error}
            </p>
          ) : null}
        </div>
      )}
      {ways
        .filter((method) => method !== shown.method)
        .map((method) => (
          <button
            key={method}
            type="button"
            onClick={() => switchTo(method)}
            disabled={disabled || asking}
            className="-ms-3 mt-1 flex min-h-11 items-center px-3 text-sm font-medium text-sea-700"
          >
            {switchLabels[method]}
          </button>
        ))}
    </div>
  );
}

export interface SecondFactorPrompt {
  /** Whether the field shows: the account has a second factor, or the server asked for it. */
  asked: boolean;
  /** The field's value, change, ways and problem. */
  field: Pick<SecondFactorFieldProps, 'value' | 'onChange' | 'error' | 'methods'>;
  /** The proof the field holds, or null while it is incomplete. */
  proof: SecondFactorProof | null;
  /**
   * For a request about to be sent: undefined when not asked, the proof when the field holds one;
   * false when it does not (its problem is then said under the field).
   */
  take(): SecondFactorProof | undefined | false;
  /**
   * A refusal of the request that is about the second factor (asked for, wrong, locked, a passkey's
   * answer refused): the field shows (when it did not) with the server's words under it, and what
   * was refused is cleared. True when the refusal was one.
   */
  refused(error: unknown): boolean;
  /** Empty again, as asked at first. */
  reset(): void;
}

/** Whether a refusal is about the second factor. */
function isSecondFactorRefusal(error: unknown): boolean {
  return isApiError(error) && Boolean(error.key?.startsWith('secondFactor.') || error.key?.startsWith('passkey.'));
}

/**
 * The second factor's state for a form or a sheet. `methods`: the ways to offer (a sign-in ticket's);
 * by default the profile's, the field then showing from the start when there are any.
 */
export function useSecondFactor(methods?: readonly SecondFactorMethod[]): SecondFactorPrompt {
  const user = useAtomValue(userInfoAtom);
  const known = methods ?? user?.secondFactorMethods ?? [];
  // Asked by the server stays until reset; asked from the start follows the profile as it loads.
  const [serverAsked, setServerAsked] = useState(false);
  const asked = known.length > 0 || serverAsked;
  const ways = known.length > 0 ? known : EVERY_WAY;
  const [value, setValue] = useState<SecondFactorInput>(emptyInput(usableWays(ways)[0] ?? 'totp'));
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
      methods: ways,
    },
    proof,
    take() {
      if (!asked) return undefined;
      if (proof) return proof;
      setError(errorMessage(value.method !== 'passkey' && value.code.trim() ? 'secondFactor.format' : 'secondFactor.required'));
      return false;
    },
    refused(failure) {
      if (!isApiError(failure) || !isSecondFactorRefusal(failure)) return false;
      // Asked for while the profile said none: it is read again, to offer the ways the account has.
      if (!asked) void loadAccount();
      setServerAsked(true);
      setError(failure.message);
      if (failure.key !== 'secondFactor.required') setValue((current) => emptyInput(current.method));
      return true;
    },
    reset() {
      setServerAsked(false);
      setValue(emptyInput(usableWays(ways)[0] ?? 'totp'));
      setError(null);
    },
  };
}
