/**
 * News: operators write a piece in English, translate it, publish and withdraw it (each step
 * audited); readers list and open the published ones in their language, or in English with
 * `fallback`; drafts and withdrawn pieces are not shown; bad input is refused and changes nothing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { operators } from '../../server/db/schema';
import { readContent, seedContent } from '../../server/modules/news/content';
import type { NewsDetail, NewsItem, OpsNews, Page } from '../../src/domain/wire';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
let ops: string;
beforeAll(async () => {
  t = await startTestApp();
  ops = await t.operatorToken(await t.financeOperator());
});
afterAll(() => t?.close());

const de = { headers: { 'accept-language': 'de' } };
const list = (page = 1, lang = 'en') => t.post<Page<NewsItem>>('/news/list', { c_id: 4, page, pageSize: 2 }, { headers: { 'accept-language': lang } });

async function write(title: string, body = `${title}: what changes and when.`) {
  const reply = await t.post<OpsNews>('/ops/news', { locale: 'en', title, body }, { token: ops });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.data!;
}

describe('news', () => {
  test('a draft is not shown; published, it leads the list in English; a German reader sees the German version once written, and English with a note before', async () => {
    const draft = await write('Maintenance on Sunday', 'Deposits pause on Sunday from 02:00 to 03:00 UTC while the bank link is upgraded. '.repeat(4));
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null, translations: [{ locale: 'en', title: 'Maintenance on Sunday' }] });
    expect((await list()).body.data!.list.map((item) => item.id)).not.toContain(draft.id);
    expect((await t.post('/news/detail', { id: draft.id })).status).toBe(404);

    t.clock.advance(60);
    const published = await t.post<OpsNews>('/ops/news/publish', { id: draft.id }, { token: ops });
    expect(published.body.data).toMatchObject({ status: 'published', publishedAt: expect.any(String) });
    const [first] = (await list()).body.data!.list;
    expect(first).toMatchObject({ id: draft.id, title: 'Maintenance on Sunday', locale: 'en', fallback: false, categoryId: 4 });
    expect(first.summary.length).toBeLessThanOrEqual(160);
    expect(first.summary.endsWith('…')).toBe(true);

    const before = await t.post<NewsDetail>('/news/detail', { id: draft.id }, de);
    expect(before.body.data).toMatchObject({ title: 'Maintenance on Sunday', locale: 'en', fallback: true });
    const translated = await t.post<OpsNews>('/ops/news/translate', { id: draft.id, locale: 'de', title: 'Wartung am Sonntag', body: 'Einzahlungen pausieren am Sonntag.' }, { token: ops });
    expect(translated.body.data!.translations.map((x) => x.locale)).toEqual(['de', 'en']);
    const after = await t.post<NewsDetail>('/news/detail', { id: draft.id }, de);
    expect(after.body.data).toMatchObject({ title: 'Wartung am Sonntag', body: 'Einzahlungen pausieren am Sonntag.', locale: 'de', fallback: false });
  });

  test('newest first, paged; a withdrawn piece leaves the list and its page', async () => {
    const pieces = [];
    for (const title of ['First', 'Second', 'Third']) {
      const piece = await write(title);
      t.clock.advance(60);
      await t.post('/ops/news/publish', { id: piece.id }, { token: ops });
      pieces.push(piece);
    }
    const page1 = (await list(1)).body.data!;
    expect(page1.list.map((item) => item.title)).toEqual(['Third', 'Second']);
    expect(page1.total).toBeGreaterThanOrEqual(4);
    expect((await list(2)).body.data!.list[0].title).toBe('First');

    const withdrawn = await t.post<OpsNews>('/ops/news/withdraw', { id: pieces[2].id }, { token: ops });
    expect(withdrawn.body.data!.status).toBe('withdrawn');
    expect((await list(1)).body.data!.list.map((item) => item.title)).toEqual(['Second', 'First']);
    expect((await t.post('/news/detail', { id: pieces[2].id })).status).toBe(404);
    // Withdrawing twice, or publishing what is published, is refused.
    expect((await t.post('/ops/news/withdraw', { id: pieces[2].id }, { token: ops })).status).toBe(409);
    expect((await t.post('/ops/news/publish', { id: pieces[1].id }, { token: ops })).status).toBe(409);
  });

  test('every step is in the audit trail, attributed to the operator', async () => {
    const audit = await t.get<Page<{ action: string; subject: string }>>('/ops/audit', { token: ops, query: { pageSize: '50' } });
    const actions = audit.body.data!.list.map((entry) => entry.action);
    for (const action of ['news.create', 'news.translate', 'news.publish', 'news.withdraw']) expect(actions).toContain(action);
  });

  test('a piece without English cannot be published; bad input is refused in the caller language and changes nothing', async () => {
    const german = await t.post<OpsNews>('/ops/news', { locale: 'de', title: 'Nur Deutsch', body: 'Text' }, { token: ops });
    const refused = await t.post('/ops/news/publish', { id: german.body.data!.id }, { token: ops, ...de });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Schreiben Sie zuerst die englische Fassung: Leser ohne ihre Sprache lesen sie.');

    const before = (await list()).body.data!.total;
    for (const body of [{ locale: 'en', title: ' ', body: 'x' }, { locale: 'en', title: 'x'.repeat(201), body: 'x' }, { locale: 'fr', title: 'x', body: 'x' }, { locale: 'en', title: 'x' }]) {
      const reply = await t.post('/ops/news', body, { token: ops });
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.post('/ops/news/translate', { id: 999_999, locale: 'en', title: 'x', body: 'x' }, { token: ops })).status).toBe(404);
    expect((await t.post('/news/detail', { id: 'abc' })).status).toBe(400);
    expect((await t.post('/news/list', { c_id: 0 })).status).toBe(400);
    expect((await list()).body.data!.total).toBe(before);
  });

  test('readers cannot write: the operator calls need an operator session', async () => {
    const user = await t.signedInUser();
    expect((await t.post('/ops/news', { locale: 'en', title: 'x', body: 'x' }, { token: user.token })).status).toBe(401);
    expect((await t.post('/ops/news', { locale: 'en', title: 'x', body: 'x' })).status).toBe(401);
  });
});

describe('content pages', () => {
  test('every piece is served in every language exactly as its file says; a language without its version gets English and says so; operators edits survive a restart', async () => {
    const pieces = readContent();
    expect(pieces.map((piece) => piece.id)).toEqual(expect.arrayContaining([19, 33, 21, 22, 41, 42, 43]));
    for (const piece of pieces) {
      for (const [lang, text] of Object.entries(piece.texts)) {
        const page = await t.post<NewsDetail>('/news/detail', { id: piece.id }, { headers: { 'accept-language': lang } });
        expect(page.status, `${piece.id} ${lang}`).toBe(200);
        expect(page.body.data).toMatchObject({ id: piece.id, categoryId: piece.categoryId, locale: lang, fallback: false, title: text.title, body: text.body });
      }
    }
    const tutorials = await t.post<Page<NewsItem>>('/news/list', { c_id: 2 }, de);
    expect(tutorials.body.data!.list.map((item) => item.id).sort()).toEqual([41, 42, 43]);
    // Content pages are not announcements.
    expect((await list(1)).body.data!.list.map((item) => item.id)).not.toContain(19);

    await t.database.db.execute(sql`DELETE FROM news_translations WHERE news_id = 33 AND locale = 'nl'`);
    const fallback = await t.post<NewsDetail>('/news/detail', { id: 33 }, { headers: { 'accept-language': 'nl' } });
    expect(fallback.body.data).toMatchObject({ locale: 'en', fallback: true });

    const [admin] = await t.database.db
      .insert(operators)
      .values({ username: 'content-admin', passwordHash: 'not-used-here', role: 'admin', createdAt: t.clock.now() })
      .returning({ id: operators.id });
    const changed = await t.post('/ops/content', { id: 19, locale: 'de', title: 'Über Tessera (bearbeitet)', body: 'Von einem Operator geschrieben.', reason: 'The legal name changed' }, { token: await t.operatorToken(admin.id) });
    expect(changed.status).toBe(200);
    // A text an earlier version of the app shipped (the introduction said pledge and loans were coming).
    await t.database.db.execute(sql`UPDATE news_translations SET body = 'Pledge and loans are being prepared.' WHERE news_id = 22 AND locale = 'en'`);
    const written = await seedContent(t.database.db, new Date());
    // The language deleted above came back and the old introduction is the shipped one again; the operator's German stays.
    expect(written).toBe(2);
    expect((await t.post<NewsDetail>('/news/detail', { id: 19 }, de)).body.data!.title).toBe('Über Tessera (bearbeitet)');
    const intro = (await t.post<NewsDetail>('/news/detail', { id: 22 }, { headers: { 'accept-language': 'en' } })).body.data!;
    expect(intro.body).toBe(pieces.find((piece) => piece.id === 22)!.texts.en!.body);
  });
});
