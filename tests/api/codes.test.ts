/** Verification codes: 10 minutes, 5 tries, one per minute, and no account enumeration by reset. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CODE_MAX_TRIES } from '../../src/domain/constants';
import { DEFAULT_RATE_LIMITS } from '../../server/http/rate-limits';
import { startTestApp, STRONG_PASSWORD, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const otherThan = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

async function registerWith(email: string, code: string) {
  return t.post('/user/register', {
    method: 'email',
    email,
    code,
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    username: t.uniqueUsername(),
    agreed: true,
  });
}

describe('validity', () => {
  test('a code works until 10 minutes have passed and not after', async () => {
    const early = t.uniqueEmail();
    await t.post('/sms_mail', { email: early, purpose: 'register' });
    t.clock.advance(599);
    expect((await registerWith(early, t.codeFromMail(early))).status).toBe(200);

    const late = t.uniqueEmail();
    await t.post('/sms_mail', { email: late, purpose: 'register' });
    t.clock.advance(600);
    const reply = await registerWith(late, t.codeFromMail(late));
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ key: 'code.expired', field: 'code' });
  });

  test('five tries, then the code is dead even when the sixth is right', async () => {
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'register' });
    const code = t.codeFromMail(email);
    const keys: string[] = [];
    for (let i = 1; i <= 5; i++) keys.push((await registerWith(email, otherThan(code, i))).body.key!);
    expect(keys).toEqual(['code.wrong', 'code.wrong', 'code.wrong', 'code.wrong', 'code.tooManyTries']);
    const right = await registerWith(email, code);
    expect(right.status).toBe(400);
    expect(right.body.key).toBe('code.tooManyTries');
  });

  test('a new code replaces the old one', async () => {
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'register' });
    const first = t.codeFromMail(email);
    t.clock.advance(60);
    await t.post('/sms_mail', { email, purpose: 'register' });
    const second = t.codeFromMail(email);
    if (first !== second) expect((await registerWith(email, first)).body.key).toBe('code.wrong');
    expect((await registerWith(email, second)).status).toBe(200);
  });

  test('a code is only good for its purpose', async () => {
    const { email } = await t.registerByEmail();
    t.clock.advance(60);
    await t.post('/sms_mail', { email, purpose: 'reset' });
    const resetCode = t.codeFromMail(email);
    const other = t.uniqueEmail();
    // A reset code for one address does not register another, nor itself.
    expect((await registerWith(other, resetCode)).body.key).toBe('code.wrong');
  });
});

describe('resend wait', () => {
  test('a second code within 60 s is refused with 429 and data.retryAfter, allowed after', async () => {
    const phone = t.uniquePhone();
    expect((await t.post('/sms_send', { phone, purpose: 'register' })).status).toBe(200);
    t.clock.advance(20);
    const early = await t.post('/sms_send', { phone, purpose: 'register' });
    expect(early.status).toBe(429);
    expect(early.body).toMatchObject({ key: 'code.resendWait', data: { retryAfter: 40 } });
    expect(early.body.message).toBe('Please wait 40 seconds before requesting another code.');
    expect(t.sms.outbox.filter((m) => m.to === phone)).toHaveLength(1);

    // Another purpose is another counter.
    expect((await t.post('/sms_send', { phone, purpose: 'reset' })).status).toBe(200);
    t.clock.advance(40);
    expect((await t.post('/sms_send', { phone, purpose: 'register' })).status).toBe(200);
    expect(t.sms.outbox.filter((m) => m.to === phone)).toHaveLength(2);
  });
});

describe('racing requests', () => {
  test('parallel sends to one target: one code goes out, the others wait', async () => {
    const email = t.uniqueEmail();
    const replies = await Promise.all(Array.from({ length: 5 }, () => t.post('/sms_mail', { email, purpose: 'register' })));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(t.mailbox.to(email)).toHaveLength(1);
  });

  test('parallel guesses cannot spend more than five tries: 4 wrong, then 4 too many', async () => {
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'register' });
    const code = t.codeFromMail(email);
    const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => registerWith(email, otherThan(code, i + 1))));
    expect(replies.every((r) => r.status === 400)).toBe(true);
    // Tries 1–4 are wrong; the 5th spends the last try (as when sent one by one), 6–8 find none left.
    const keys = replies.map((r) => r.body.key!).sort();
    expect(keys).toEqual([...Array(4).fill('code.tooManyTries'), ...Array(4).fill('code.wrong')]);
    expect(CODE_MAX_TRIES).toBe(5);
    expect((await registerWith(email, code)).body.key).toBe('code.tooManyTries');
  });
});

describe('reset codes', () => {
  test('an unknown address gets the same reply as a known one, and no mail', async () => {
    const { email } = await t.registerByEmail();
    t.clock.advance(60);
    const unknown = t.uniqueEmail();
    const known = await t.post('/sms_mail', { email, purpose: 'reset' });
    const unseen = await t.post('/sms_mail', { email: unknown, purpose: 'reset' });
    expect(unseen.status).toBe(known.status);
    expect(unseen.body).toEqual(known.body);
    expect(t.mailbox.to(unknown)).toHaveLength(0);
    expect(t.mailbox.lastTo(email)!.subject).toBe('Your Tessera password reset code');
    // The wait applies alike, so it cannot tell them apart either.
    const again = [await t.post('/sms_mail', { email, purpose: 'reset' }), await t.post('/sms_mail', { email: unknown, purpose: 'reset' })];
    expect(again.map((r) => [r.status, r.body.key])).toEqual([
      [429, 'code.resendWait'],
      [429, 'code.resendWait'],
    ]);
  });

  test('a reset for an unknown address fails like a wrong code', async () => {
    const email = t.uniqueEmail();
    await t.post('/sms_mail', { email, purpose: 'reset' });
    const reply = await t.post('/user/forget', {
      method: 'email',
      email,
      code: '000000',
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
    });
    expect(reply.status).toBe(400);
    expect(reply.body.key).toBe('code.wrong');
  });
});

describe('bind codes', () => {
  test('need a session', async () => {
    const reply = await t.post('/sms_mail', { email: t.uniqueEmail(), purpose: 'bind' });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ type: '999', code: 999, key: 'session.required' });
  });
});

describe('delivery failure', () => {
  test('when the mail server is down the send fails with 502 and does not start the wait', async () => {
    const cut = await startTestApp();
    try {
      await cut.mailbox.close();
      const email = cut.uniqueEmail();
      const first = await cut.post('/sms_mail', { email, purpose: 'register' });
      expect(first.status).toBe(502);
      expect(first.body).toMatchObject({ key: 'code.sendFailed', field: 'email' });
      // Nothing went out, so trying again at once is not a "resend".
      expect((await cut.post('/sms_mail', { email, purpose: 'register' })).body.key).toBe('code.sendFailed');
    } finally {
      cut.mailbox.close = async () => undefined;
      await cut.close();
    }
  });
});

describe('rate limits', () => {
  test('per target and per client address', async () => {
    const limited = await startTestApp({
      rateLimits: { ...DEFAULT_RATE_LIMITS, codesPerTarget: { max: 2, windowSeconds: 3600 }, codesPerIp: { max: 4, windowSeconds: 3600 } },
    });
    try {
      const email = limited.uniqueEmail();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await limited.post('/sms_mail', { email, purpose: 'register' })).status);
        limited.clock.advance(61);
      }
      // Third: the target's limit, although the 60 s wait has passed.
      expect(statuses).toEqual([200, 200, 429]);
      const third = await limited.post('/sms_mail', { email: email.toUpperCase(), purpose: 'register' });
      expect(third.body).toMatchObject({ key: 'request.rateLimited', data: { retryAfter: expect.any(Number) } });

      // The address has used 4 of 4 (the refusals count too): a fresh target is refused as well.
      const fresh = await limited.post('/sms_mail', { email: limited.uniqueEmail(), purpose: 'register' });
      expect(fresh.status).toBe(429);
      expect(fresh.body.key).toBe('request.rateLimited');
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/sms_mail',
        remoteAddress: '203.0.113.9',
        payload: { email: limited.uniqueEmail(), purpose: 'register' },
      });
      expect(elsewhere.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
