/**
 * When an account's e-mail address or phone number is replaced, both are told, in the account's
 * language: the previous one what it was changed to (masked) and when — its owner may not be the
 * one who changed it — and the new one that it is now the account's. Sent after the change is
 * committed; a notice that cannot be sent is logged and does not undo the change.
 */
import type { Locale } from '../../../src/domain/locales';
import type { Clock } from '../../clock';
import { contactChangeMail, contactChangeSms, type Mailer } from '../mailer';
import type { SmsProvider } from '../sms';

export type ContactKind = 'email' | 'phone';

export interface ContactChange {
  kind: ContactKind;
  previous: string;
  next: string;
  locale: Locale;
}

/** Enough of an address to recognise it, not all of it: "n…@example.org", "…5678". */
export function maskedContact(kind: ContactKind, address: string): string {
  if (kind === 'phone') return `…${address.slice(-4)}`;
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}…${address.slice(at)}` : '…';
}

export interface ContactNoticeDeps {
  mailer: Mailer;
  sms: SmsProvider;
  clock: Clock;
  log: { error(obj: object, msg: string): void };
}

export type ContactNotices = ReturnType<typeof createContactNotices>;

export function createContactNotices({ mailer, sms, clock, log }: ContactNoticeDeps) {
  function tell(kind: ContactKind, to: string, which: 'previous' | 'next', locale: Locale, told: string, at: Date): Promise<void> {
    return kind === 'email' ? mailer.send({ to, ...contactChangeMail(locale, which, told, at) }) : sms.send(to, contactChangeSms(locale, which, told, at));
  }

  return {
    async changed({ kind, previous, next, locale }: ContactChange): Promise<void> {
      const at = clock();
      const sent = await Promise.allSettled([
        tell(kind, previous, 'previous', locale, maskedContact(kind, next), at),
        tell(kind, next, 'next', locale, '', at),
      ]);
      for (const outcome of sent) {
        if (outcome.status === 'rejected') log.error({ err: outcome.reason, channel: kind }, 'the notice of a changed contact could not be sent');
      }
    },
  };
}
