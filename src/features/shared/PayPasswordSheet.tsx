/**
 * The payment-password sheet every money action uses (sell, withdraw, transfer, pledge, loan):
 * the user sees what they are confirming, enters the 6 digits, and the action runs with them.
 * A refusal (wrong password, locked) clears the boxes and shows the server's text; the sheet
 * stays open for another try. Without a payment password yet, it offers the way to set one.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Preloader, Sheet } from 'konsta/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useOverlay } from '../../ui/overlays';
import { isApiError } from '../../api/client';
import { PinInput } from '../../ui/form/PinInput';
import { errorMessage } from '../../i18n';
import { PayPasswordMissing } from './money/PayPasswordNotice';

export interface PayPasswordSheetProps {
  opened: boolean;
  /** What is being confirmed, e.g. "Sell 120.0000 USDT". */
  summary: ReactNode;
  /** Runs the action with the payment password; rejects to keep the sheet open. */
  onSubmit(payPassword: string): Promise<void>;
  onClose(): void;
  /** False when the user has never set a payment password. */
  hasPayPassword: boolean;
}

export function PayPasswordSheet({ opened, summary, onSubmit, onClose, hasPayPassword }: PayPasswordSheetProps) {
  const { t } = useLingui();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);

  const pinRef = useRef<HTMLInputElement>(null);
  const modal = useOverlay(opened);

  // Closing forgets what was typed and the last refusal: the next opening starts empty. Done
  // while rendering the change, so the closed sheet never shows the old digits for a frame.
  const [wasOpened, setWasOpened] = useState(opened);
  if (wasOpened !== opened) {
    setWasOpened(opened);
    if (!opened) {
      setPin('');
      setError(null);
    }
  }

  // The sheet is mounted closed with its screen: focusing its box then (autoFocus) would scroll
  // the closed sheet into view and pop up the keyboard. The box takes the focus as it opens.
  useEffect(() => {
    if (opened) pinRef.current?.focus({ preventScroll: true });
  }, [opened]);

  async function submit(value: string) {
    setWorking(true);
    setError(null);
    try {
      await onSubmit(value);
    } catch (failure) {
      setPin('');
      setError(isApiError(failure) ? failure.message : errorMessage('request.failed'));
    } finally {
      setWorking(false);
    }
  }

  return (
    <Sheet ref={modal} opened={opened} role="dialog" aria-modal={opened || undefined} inert={!opened || undefined} onBackdropClick={() => !working && onClose()} className="pb-safe w-full" aria-label={t`Payment password`}>
      <div className="mx-auto max-w-md px-5 pt-5 pb-8">
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-lg font-semibold text-ink">{t`Payment password`}</h2>
          <button type="button" onClick={onClose} disabled={working} className="-my-2 -me-3 min-h-11 rounded-full px-3 text-sm font-medium text-sea-700">
            {t`Cancel`}
          </button>
        </div>
        <div className="mb-5 rounded-xl bg-canvas px-4 py-3 text-sm text-ink">{summary}</div>
        {hasPayPassword ? (
          <>
            <PinInput
              label={t`Enter your 6-digit payment password`}
              value={pin}
              onChange={setPin}
              onComplete={(value) => void submit(value)}
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
          </>
        ) : (
          <PayPasswordMissing />
        )}
      </div>
    </Sheet>
  );
}
