/**
 * The app's content pages from the operator console: support reads every page in every language;
 * an admin changes one language of one page with a reason, the app's read shows it at once, the
 * audit has it and the next start does not write over it; support is refused, and bad input is
 * refused with nothing changed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { operators } from '../../server/db/schema';
import { readContent, seedContent } from '../../server/modules/news/content';
import type { OpsContentPages } from '../../src/domain/ops-wire';
import type { NewsDetail } from '../../src/domain/wire';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let admin: string;
let support: string;

async function operator(username: string, role: 'admin' | 'support'): Promise<string> {
  const [row] = await t.database.db
    .insert(operators)
    .values({ username, passwordHash: 'not-used-here', role, createdAt: t.clock.now() })
    .returning({ id: operators.id });
  return t.operatorToken(row.id);
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await operator('admin-content', 'admin');
  support = await operator('support-content', 'support');
});
afterAll(() => t?.close());

const help = (lang: string) => t.post<NewsDetail>('/news/detail', { id: 33 }, { headers: { 'accept-language': lang } });
const pages = async (token: string) => {
  const reply = await t.get<OpsContentPages>('/ops/content', { token });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!.pages;
};
interface AuditRow {
  action: string;
  subject: string;
  reason: string;
  details: { locale: string; title: string };
}
const auditRows = () => rowsOf<AuditRow>(t.database.db, sql`SELECT action, subject, reason, details FROM audit_log WHERE action = 'content.change' ORDER BY id`);

describe('content pages for operators', () => {
  test('support reads every page in every language, English first, as shipped', async () => {
    const shipped = readContent();
    const read = await pages(support);
    expect(read.map((page) => page.id).sort()).toEqual(shipped.map((piece) => piece.id).sort());
    for (const piece of shipped) {
      const page = read.find((entry) => entry.id === piece.id)!;
      expect(page.piece).toBe(piece.piece);
      expect(page.texts[0].locale).toBe('en');
      expect(page.texts.map((text) => text.locale).sort()).toEqual(Object.keys(piece.texts).sort());
      for (const text of page.texts) {
        expect(text).toMatchObject({ title: piece.texts[text.locale]!.title, body: piece.texts[text.locale]!.body, changedBy: null, updatedAt: expect.any(String) });
      }
    }
    // Content pages are not in the news list.
    const news = await t.get<{ list: Array<{ id: number }> }>('/ops/news', { token: support });
    expect(news.body.data!.list.map((piece) => piece.id)).not.toContain(33);
    expect((await t.get('/ops/news/piece?id=33', { token: support })).status).toBe(404);
  });

  test('an admin changes the German help centre: the app reads it at once, the audit has the reason, the next start keeps it', async () => {
    const before = (await help('de')).body.data!;
    t.clock.advance(60);
    const reply = await t.post<OpsContentPages>('/ops/content', { id: 33, locale: 'de', title: 'Hilfe (neu)', body: 'Neue Hilfe.\n\nWie zahle ich ein?\nÜber Einzahlen.', reason: 'Help rewritten for the new deposit flow' }, { token: admin });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const german = reply.body.data!.pages.find((page) => page.id === 33)!.texts.find((text) => text.locale === 'de')!;
    expect(german).toMatchObject({ title: 'Hilfe (neu)', changedBy: 'admin-content', updatedAt: t.clock.now().toISOString().replace(/\.\d+Z$/, 'Z') });

    expect((await help('de')).body.data).toMatchObject({ title: 'Hilfe (neu)', body: 'Neue Hilfe.\n\nWie zahle ich ein?\nÜber Einzahlen.', locale: 'de', fallback: false });
    expect((await help('de')).body.data!.title).not.toBe(before.title);
    // The other languages are as they were.
    expect((await help('en')).body.data!.title).toBe(readContent().find((piece) => piece.id === 33)!.texts.en!.title);

    const [row] = await auditRows();
    expect(row).toMatchObject({ action: 'content.change', subject: 'news:33', reason: 'Help rewritten for the new deposit flow', details: { locale: 'de', title: 'Hilfe (neu)' } });

    await seedContent(t.database.db, t.clock.now());
    expect((await help('de')).body.data!.title).toBe('Hilfe (neu)');
  });

  test('support is refused and nothing changes', async () => {
    const before = (await help('it')).body.data!;
    const refused = await t.post('/ops/content', { id: 33, locale: 'it', title: 'Aiuto', body: 'Testo', reason: 'Support tries it' }, { token: support });
    expect(refused.status).toBe(403);
    expect((await help('it')).body.data).toMatchObject({ title: before.title, body: before.body });
    expect((await auditRows()).map((row) => row.details.locale)).not.toContain('it');
  });

  test("news calls cannot touch a content page: support cannot rewrite, publish or withdraw the help centre by its id", async () => {
    const before = (await help('it')).body.data!;
    const calls: Array<[string, object]> = [
      ['/ops/news/translate', { id: 33, locale: 'it', title: 'Aiuto', body: 'Testo' }],
      ['/ops/news/withdraw', { id: 33 }],
      ['/ops/news/publish', { id: 33 }],
    ];
    for (const [path, body] of calls) {
      const refused = await t.post(path, body, { token: support });
      expect([path, refused.status, refused.body.key]).toEqual([path, 404, 'news.notFound']);
    }
    expect((await help('it')).body.data).toMatchObject({ title: before.title, body: before.body });
    expect((await t.get(`/ops/news/piece?id=33`, { token: support })).status).toBe(404);
    const audits = await rowsOf<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM audit_log WHERE subject = 'news:33' AND action LIKE 'news.%'`);
    expect(audits[0].n).toBe(0);
  });

  test('bad input is refused and nothing changes', async () => {
    const before = (await help('es')).body.data!;
    const audits = (await auditRows()).length;
    const good = { id: 33, locale: 'es', title: 'Ayuda', body: 'Texto', reason: 'A proper reason' };
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ ...good, title: '   ' }, 400, 'news.textRequired'],
      [{ ...good, body: '' }, 400, 'news.textRequired'],
      [{ ...good, title: 'x'.repeat(201) }, 400, 'news.textTooLong'],
      [{ ...good, body: 'x'.repeat(20_001) }, 400, 'news.textTooLong'],
      [{ ...good, reason: '' }, 400, 'ops.reasonRequired'],
      [{ ...good, locale: 'fr' }, 400, 'request.invalid'],
      [{ ...good, extra: 1 }, 400, 'request.unknownField'],
      // A piece of news is not a content page.
      [{ ...good, id: 101 }, 404, 'news.notFound'],
      [{ ...good, id: 99 }, 404, 'news.notFound'],
    ];
    for (const [body, status, key] of cases) {
      const reply = await t.post('/ops/content', body, { token: admin });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(JSON.stringify(reply.body)).toContain(key);
    }
    expect((await help('es')).body.data).toMatchObject({ title: before.title, body: before.body });
    expect(await auditRows()).toHaveLength(audits);
    expect((await t.get('/ops/content')).status).toBe(401);
  });
});
