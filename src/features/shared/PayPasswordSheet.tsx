/**
 * The payment-password sheet every money action uses (sell, withdraw, transfer, pledge, loan):
 * the user sees what they are confirming, enters the 6 digits, and the action runs with them.
 * A refusal (wrong password, locked) clears the boxes and shows the server's text; the sheet
 * stays open for another try. Without a payment password yet, it offers the way to set one.
 *
 * An action that asks for the second factor too (a withdrawal, binding a bank account) shows its
 * field under the password when the account has one, or once the server asked for it (403
 * `secondFactor.required`, the password then kept): it runs when both are whole, whichever comes
 * last. A refusal of the code clears only the code, one of the password only the password.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Preloader } from 'konsta/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { SecondFactorMethod } from '../../domain/security';
import type { SecondFactorProof } from '../../domain/validation';
import { ModalSheet } from '../../ui/ModalSheet';
import { isApiError } from '../../api/client';
import { PinInput } from '../../ui/form/PinInput';
import { PAY_PASSWORD_LENGTH } from '../../domain/constants';
import { errorMessage } from '../../i18n';
import { PayPasswordMissing } from './money/PayPasswordNotice';
import { SecondFactorField, useSecondFactor } from './secondFactor/SecondFactorField';

const NONE: readonly SecondFactorMethod[] = [];

export interface PayPasswordSheetProps {
  opened: boolean;
  /** What is being confirmed, e.g. "Sell 120.0000 USDT". */
  summary: ReactNode;
  /** Runs the action with the payment password (and the second factor when asked); rejects to keep the sheet open. */
  onSubmit(payPassword: string, secondFactor?: SecondFactorProof): Promise<void>;
  onClose(): void;
  /** False when the user has never set a payment password. */
  hasPayPassword: boolean;
  /** The ways the account gives its second factor, asked for from the start (an action that asks for it); none: only if the server asks. */
  secondFactor?: readonly SecondFactorMethod[];
}

export function PayPasswordSheet({ opened, summary, onSubmit, onClose, hasPayPassword, secondFactor = NONE }: PayPasswordSheetProps) {
  const { t } = useLingui();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const code = useSecondFactor(secondFactor);

  const pinRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  // Closing forgets what was typed and the last refusal: the next opening starts empty. Done
  // while rendering the change, so the closed sheet never shows the old digits for a frame.
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (!opened) {
      setPin('');
      setError(null);
      code.reset();
    }
  }

  // The sheet is mounted closed with its screen: focusing its box then (autoFocus) would scroll
  // the closed sheet into view and pop up the keyboard. The box takes the focus as it opens.
  useEffect(() => {
    if (opened) pinRef.current?.focus({ preventScroll: true });
  }, [opened]);

  // Asked for after a refusal: the code's field takes the focus as it appears.
  const askedAtFirst = secondFactor.length > 0;
  useEffect(() => {
    if (code.asked && !askedAtFirst) codeRef.current?.focus({ preventScroll: true });
  }, [code.asked, askedAtFirst]);

  async function submit(value: string, proof: SecondFactorProof | undefined) {
    setWorking(true);
    setError(null);
    try {
      await onSubmit(value, proof);
    } catch (failure) {
      if (code.refused(failure)) {
        codeRef.current?.focus({ preventScroll: true });
      } else {
        setPin('');
        setError(isApiError(failure) ? failure.message : errorMessage('request.failed'));
        pinRef.current?.focus({ preventScroll: true });
      }
    } finally {
      setWorking(false);
    }
  }

  /** The password is whole: it runs, unless the code is still to be typed. */
  function pinComplete(value: string) {
    if (!code.asked) void submit(value, undefined);
    else if (code.proof) void submit(value, code.proof);
    else codeRef.current?.focus({ preventScroll: true });
  }

  /** The code (or the passkey's answer) is whole: it runs when the password is too. */
  function codeComplete(proof: SecondFactorProof) {
    if (pin.length === PAY_PASSWORD_LENGTH) void submit(pin, proof);
    else pinRef.current?.focus({ preventScroll: true });
  }

  return (
    <ModalSheet opened={opened} title={t`Payment password`} busy={working} onClose={onClose}>
      <div className="mb-5 rounded-xl bg-canvas px-4 py-3 text-sm text-ink">{summary}</div>
      {hasPayPassword ? (
        <>
          <PinInput
            label={t`Enter your 6-digit payment password`}
            value={pin}
            onChange={setPin}
            onComplete={pinComplete}
            error={error}
            disabled={working}
            inputRef={pinRef}
          />
          <div className="mt-2 flex min-h-11 items-center justify-between text-sm">
            {working ? (
              <span className="flex items-center gap-2 text-muted">
                <Preloader className="size-4" />
                {t`Checking…`}
              </span>
            ) : (
              <span />
            )}
            <Link to="/setting/pay-password" className="-me-3 flex min-h-11 items-center px-3 font-medium text-sea-700">
              <Trans>Forgot it?</Trans>
            </Link>
          </div>
          {code.asked ? (
            <div className="mt-2 border-t border-line pt-4">
              <SecondFactorField {...code.field} onComplete={codeComplete} disabled={working} inputRef={codeRef} />
            </div>
          ) : null}
        </>
      ) : (
        <PayPasswordMissing />
      )}
    </ModalSheet>
  );
}
