/**
 * "Send code", then "Resend in 59 s" until the server allows another (its data.retryAfter).
 * A refusal because of the wait (HTTP 429 with retryAfter) starts the same countdown.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { startCountdown, useCountdown } from '../countdown';

export interface SendCodeButtonProps {
  /** Purpose and address, e.g. "register:+4915112345678": each has its own wait. */
  countdownKey: string;
  /** Checks the address and sends; resolves with the wait in seconds, or null when nothing was sent. */
  onSend(): Promise<number | null>;
}

export function SendCodeButton({ countdownKey, onSend }: SendCodeButtonProps) {
  const { t } = useLingui();
  const left = useCountdown(countdownKey);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    try {
      const retryAfter = await onSend();
      if (retryAfter) startCountdown(countdownKey, retryAfter);
    } catch (error) {
      const retryAfter = isApiError(error) ? (error.data as { retryAfter?: unknown } | null)?.retryAfter : undefined;
      if (typeof retryAfter === 'number' && retryAfter > 0) startCountdown(countdownKey, retryAfter);
    } finally {
      setSending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void send()}
      disabled={sending || left > 0}
      aria-live="polite"
      className="-my-1 -me-1 min-h-11 shrink-0 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap text-sea-700 tabular-nums disabled:text-muted"
    >
      {sending ? t`Sending…` : left > 0 ? <Trans>Resend in {left} s</Trans> : t`Send code`}
    </button>
  );
}
