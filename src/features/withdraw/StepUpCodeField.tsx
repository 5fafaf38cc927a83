/**
 * The second factor asked for by the address book's calls (adding an entry, the lock) once the
 * server answered 403 `secondFactor.required`: the six digits of the authenticator app, or one of
 * the recovery codes (XXXXX-XXXXX, any case, with or without its dash), in one field.
 *
 * The smallest field that does it, kept apart so that the shared second-factor prompt
 * (features/shared/secondFactor, built beside this) can take its place: the lead folds it there.
 * A passkey as the second factor is that prompt's.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { secondFactorSchema, type SecondFactorProof } from '../../domain/validation';
import { errorMessage } from '../../i18n';
import { TextField } from '../../ui/form/TextField';

/** The proof a typed text makes: digits are an authenticator code, anything else a recovery code; null when it is neither. */
export function stepUpProofOf(text: string): SecondFactorProof | null {
  const compact = text.replace(/[\s-]/g, '');
  const parsed = secondFactorSchema.safeParse(/^\d+$/.test(compact) ? { method: 'totp', code: compact } : { method: 'recovery', code: compact });
  return parsed.success ? parsed.data : null;
}

export interface StepUp {
  /** The field shows: the server asked for the second factor. */
  asked: boolean;
  text: string;
  error: string | null;
  setText(text: string): void;
  /** What to send: the proof when the field shows (null while it is not a code yet, with its message set), undefined when not asked. */
  proof(): SecondFactorProof | null | undefined;
  /** Takes a refusal about the second factor (asked for, wrong, locked): shows the field with the message; false for any other. */
  refused(error: unknown): boolean;
}

export function useStepUp(): StepUp {
  const [asked, setAsked] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    asked,
    text,
    error,
    setText(next) {
      setText(next);
      setError(null);
    },
    proof() {
      if (!asked) return undefined;
      const proof = stepUpProofOf(text);
      if (!proof) setError(errorMessage(text.trim() ? 'secondFactor.format' : 'secondFactor.required'));
      return proof;
    },
    refused(failure) {
      if (!isApiError(failure) || !failure.key?.startsWith('secondFactor.')) return false;
      setAsked(true);
      setText('');
      setError(failure.message);
      return true;
    },
  };
}

export function StepUpCodeField({ stepUp }: { stepUp: StepUp }) {
  const { t } = useLingui();
  if (!stepUp.asked) return null;
  return (
    <TextField
      label={t`Authenticator code or recovery code`}
      value={stepUp.text}
      onChange={stepUp.setText}
      error={stepUp.error}
      hint={t`The six digits your authenticator app shows now, or one of your recovery codes.`}
      autoComplete="one-time-code"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={16}
      ltr
      className="[&_input]:tracking-wide"
    />
  );
}
