/**
 * Security alerts (docs/security.md): an e-mail and a push on the `system` channel, in the user's
 * language, for every security change, every withdrawal requested, every address added to the
 * withdrawal address book and a sign-in from a new device.
 * Sent after the commit of what they report; a failure is logged, never undoes it.
 *
 * Every e-mail to a user — these, the codes, the loan notices — starts with the user's
 * anti-phishing code when one is set (`withAntiPhishing` wraps the mailer every module uses), so a
 * forged message without it is recognisable.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { fixedStatement } from '../../db/rows';
import type { Mailer } from '../mailer';
import type { createPush } from '../push';
import { alertTexts, alertTime, fill } from './alert-texts';
import type { RecordedChange } from './changes';

type Push = ReturnType<typeof createPush>;

/** The anti-phishing code and language of the account an address belongs to (db/rows.ts fixedStatement: read for every mail). */
const ANTI_PHISHING_CODE = fixedStatement<{ code: string | null; locale: string }>(`SELECT anti_phishing_code AS code, locale FROM users WHERE email = $1 LIMIT 1`);

/** The mailer every module sends through: a mail to a user's address starts with their anti-phishing code. */
export function withAntiPhishing(db: Db, mailer: Mailer): Mailer {
  return {
    name: mailer.name,
    close: () => mailer.close(),
    async send(mail) {
      const [user] = await ANTI_PHISHING_CODE(db, [mail.to.toLowerCase()]);
      if (!user?.code) return mailer.send(mail);
      const line = fill(alertTexts(user.locale).antiPhishing, { code: user.code });
      return mailer.send({ ...mail, text: `${line}\n\n${mail.text}` });
    },
  };
}

/** 30.000000 as 30, 0.500000 as 0.5: what a person reads. */
function plainDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

export interface WithdrawalAlert {
  userId: string;
  id: number;
  amount: string;
  asset: string;
  destination: string;
  at: Date;
}

export interface AddressAlert {
  userId: string;
  /** The entry's id in the address book. */
  id: number;
  label: string;
  destination: string;
  at: Date;
  usableAt: Date;
}

export type Alerts = ReturnType<typeof createAlerts>;

/**
 * An alert claimed, and its user's address read with the claim (db/rows.ts fixedStatement: every
 * withdrawal sends one): nothing when the alert was claimed before.
 */
const CLAIM_ALERT = fixedStatement<{ email: string | null; locale: string }>(
  `WITH claimed AS (
     INSERT INTO security_alerts (message_id, user_id, sent_at) VALUES ($1, $2::uuid, $3::timestamptz)
     ON CONFLICT DO NOTHING RETURNING user_id)
   SELECT u.email, u.locale FROM users u JOIN claimed c ON c.user_id = u.id`,
);

export function createAlerts({ db, clock, mailer, push, log }: { db: Db; clock: Clock; mailer: Mailer; push: Push; log: FastifyBaseLogger }) {
  /** One alert to one user: the e-mail (when the account has an address) and the push, each in their language. */
  async function tell(userId: string, messageId: string, make: (locale: string) => { title: string; body: string }): Promise<void> {
    // Claimed first, and the address read with the claim (one statement): a replay of the call that
    // reported it, or a second report, finds the alert claimed and sends nothing.
    const [user] = await CLAIM_ALERT(db, [messageId, userId, clock().toISOString()]);
    if (!user) return;
    await Promise.all([
      push
        .broadcast('system', messageId, (locale) => ({ ...make(locale), url: '/h5/setting/security', kind: 'security', tag: messageId }), userId)
        .catch((error: unknown) => log.error({ err: error, userId }, 'security: an alert could not be pushed')),
      user.email
        ? (async () => {
            const { title, body } = make(user.locale);
            await mailer.send({ to: user.email!, subject: title, text: body });
          })().catch((error: unknown) => log.error({ err: error, userId }, 'security: an alert e-mail could not be sent'))
        : undefined,
    ]);
  }

  return {
    securityChange(change: RecordedChange): Promise<void> {
      return tell(change.userId, `security:${change.kind}:${change.at.getTime()}`, (locale) => {
        const texts = alertTexts(locale);
        return { title: texts.changeTitle, body: fill(texts.changeBody, { what: texts.change[change.kind], time: alertTime(change.at), until: alertTime(change.pausedUntil) }) };
      });
    },

    withdrawalRequested(withdrawal: WithdrawalAlert): Promise<void> {
      const figures = { amount: plainDecimal(withdrawal.amount), asset: withdrawal.asset, destination: withdrawal.destination, time: alertTime(withdrawal.at) };
      return tell(withdrawal.userId, `withdrawal:${withdrawal.id}`, (locale) => {
        const texts = alertTexts(locale);
        return { title: fill(texts.withdrawalTitle, figures), body: fill(texts.withdrawalBody, figures) };
      });
    },

    /** A destination added to the withdrawal address book: the owner has its 24 hours of cooling-off to remove it. */
    addressAdded(entry: AddressAlert): Promise<void> {
      const figures = { label: entry.label, destination: entry.destination, time: alertTime(entry.at), usable: alertTime(entry.usableAt) };
      return tell(entry.userId, `address-book:${entry.id}`, (locale) => {
        const texts = alertTexts(locale);
        return { title: fill(texts.addressTitle, figures), body: fill(texts.addressBody, figures) };
      });
    },

    newSignIn(userId: string, sessionId: number, device: string, ip: string, at: Date): Promise<void> {
      return tell(userId, `sign-in:${sessionId}`, (locale) => {
        const texts = alertTexts(locale);
        return { title: texts.signInTitle, body: fill(texts.signInBody, { time: alertTime(at), device, ip }) };
      });
    },

    antiPhishingSet(userId: string, at: Date): Promise<void> {
      return tell(userId, `anti-phishing:${at.getTime()}`, (locale) => {
        const texts = alertTexts(locale);
        return { title: texts.antiPhishingSetTitle, body: texts.antiPhishingSetBody };
      });
    },
  };
}
