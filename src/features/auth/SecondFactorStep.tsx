/**
 * A sign-in's second step (docs/security.md, "Signing in with a second factor"): the password was
 * right and the account has a second factor, so the server gave a ticket instead of a session.
 * One of the ways the ticket names redeems it (POST /user/login/second-factor) within five minutes,
 * counted down here: the code of the authenticator app (the sixth digit sends it), a recovery code,
 * or one of the account's passkeys (a challenge for the ticket's account). When the ticket has
 * run out — by the clock, or `loginTicket.gone` from the server — the password is asked again.
 * Loaded when a ticket arrives: the login screen itself carries none of it.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { finishSignIn, type SecondFactorTicket } from '../../api/account';
import { loginPasskeyOptions } from '../../api/calls';
import { isApiError } from '../../api/client';
import { LOGIN_TICKET_SECONDS } from '../../domain/security';
import type { SecondFactorProof } from '../../domain/validation';
import { Button } from '../../ui/Button';
import { SecondFactorField, useSecondFactor } from '../shared/secondFactor/SecondFactorField';

export interface SecondFactorStepProps {
  ticket: SecondFactorTicket;
  onSignedIn(): Promise<void>;
  /** Back to the password: why (the ticket ran out), or null when the person chose to. */
  onBack(reason: string | null): void;
}

/**
 * When the ticket runs out on this device's clock: its `expiresAt` counted from now, or, when the
 * two clocks disagree so much that it reads as past or beyond its lifetime, the full lifetime.
 */
function deadlineOf(expiresAt: string, receivedAt: number): number {
  const lifetime = LOGIN_TICKET_SECONDS * 1000;
  const left = Date.parse(expiresAt) - receivedAt;
  return receivedAt + (left > 0 && left <= lifetime ? left : lifetime);
}

/** Whole seconds left until `deadline`, ticking once a second. */
function useSecondsLeft(deadline: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export default function SecondFactorStep({ ticket, onSignedIn, onBack }: SecondFactorStepProps) {
  const { t } = useLingui();
  const code = useSecondFactor(ticket.methods);
  const [busy, setBusy] = useState(false);
  // Counted from when the step appears, just after the ticket arrived.
  const [deadline] = useState(() => deadlineOf(ticket.expiresAt, Date.now()));
  const left = useSecondsLeft(deadline);
  const timedOut = t`This sign-in has timed out. Please enter your password again.`;

  useEffect(() => {
    if (left === 0) onBack(timedOut);
  }, [left, onBack, timedOut]);

  async function send(proof: SecondFactorProof) {
    if (busy) return;
    setBusy(true);
    try {
      await finishSignIn(ticket.ticket, proof);
      await onSignedIn();
    } catch (error) {
      // The API client has said it in a toast; a ticket that ran out goes back to the password.
      if (isApiError(error) && error.key === 'loginTicket.gone') onBack(error.message);
      else code.refused(error);
    } finally {
      setBusy(false);
    }
  }

  function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    const proof = code.take();
    if (proof) void send(proof);
  }

  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  const time = `${minutes}:${seconds}`;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <SecondFactorField
        {...code.field}
        onComplete={(proof) => void send(proof)}
        passkeyOptions={() => loginPasskeyOptions({ ticket: ticket.ticket })}
        disabled={busy}
        autoFocus
      />
      <p className="text-sm text-muted" role="timer" aria-live="off">
        {t`Time left:`}{' '}
        <bdi dir="ltr" className="font-semibold text-ink tabular-nums">
          {time}
        </bdi>
      </p>
      <Button type="submit" busy={busy} className="mt-2">
        {t`Log in`}
      </Button>
      <Button kind="secondary" onClick={() => onBack(null)} disabled={busy}>
        {t`Back to the password`}
      </Button>
    </form>
  );
}
