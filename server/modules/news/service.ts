/**
 * News: operators write a piece in one language, add the others, publish and withdraw it, each
 * step audited in its own transaction; readers get the published pieces of a category, newest
 * first, in their language or else in English (which publishing requires), said so by `fallback`.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../../src/domain/errors';
import { APP_LINK } from '../../../src/domain/constants';
import { NEWS_FALLBACK_LOCALE, type NewsStatus } from '../../../src/domain/news';
import type { NewsDetail, NewsItem, OpsNews, OpsNewsPiece, Page } from '../../../src/domain/wire';
import type { OpsContentPages } from '../../../src/domain/ops-wire';
import { FALLBACK_LOCALE, type Locale } from '../../../src/domain/locales';
import type { Db, Tx } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeOutbox } from '../../outbox';
import { rowsOf } from '../../db/rows';
import { alreadyDecided } from '../../decided';
import { recordAudit } from '../../ledger/audit';

/** The start of a text on one line, its links as their labels, cut at a word within `max` characters. */
export function summaryOf(body: string, max = 160): string {
  const line = body.replace(new RegExp(APP_LINK, 'g'), '$1').replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

interface ReadRow {
  id: string;
  category_id: number;
  published_at: string;
  locale: string;
  title: string;
  body: string;
  total?: number;
}

function itemOf(row: ReadRow, wanted: string): NewsItem {
  return {
    id: Number(row.id),
    categoryId: row.category_id,
    title: row.title,
    summary: summaryOf(row.body),
    publishedAt: row.published_at,
    locale: row.locale,
    fallback: row.locale !== wanted,
  };
}

const ISO = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

/** The reader's version of each piece, else the English one. */
const VERSION = (locale: string) => sql`
  LEFT JOIN LATERAL (
    SELECT t.locale, t.title, t.body FROM news_translations t
    WHERE t.news_id = n.id AND t.locale IN (${locale}, ${NEWS_FALLBACK_LOCALE})
    ORDER BY (t.locale = ${locale}) DESC LIMIT 1
  ) v ON true`;

async function listNews(db: Db, input: { categoryId: number; page: number; pageSize: number; locale: string }): Promise<Page<NewsItem>> {
  const rows = await rowsOf<ReadRow>(
    db,
    sql`SELECT n.id::text, n.category_id, ${ISO('n.published_at')} AS published_at, v.locale, v.title, v.body, count(*) OVER ()::int AS total
        FROM news n ${VERSION(input.locale)}
        WHERE n.status = 'published' AND n.category_id = ${input.categoryId} AND v.locale IS NOT NULL
        ORDER BY n.published_at DESC, n.id DESC
        LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && input.page > 1) {
    const [counted] = await rowsOf<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM news WHERE status = 'published' AND category_id = ${input.categoryId}`);
    total = counted?.total ?? 0;
  }
  return { list: rows.map((row) => itemOf(row, input.locale)), total, page: input.page, pageSize: input.pageSize };
}

async function newsDetail(db: Db, id: number, locale: string): Promise<NewsDetail> {
  const [row] = await rowsOf<ReadRow>(
    db,
    sql`SELECT n.id::text, n.category_id, ${ISO('n.published_at')} AS published_at, v.locale, v.title, v.body
        FROM news n ${VERSION(locale)}
        WHERE n.id = ${id} AND n.status = 'published' AND v.locale IS NOT NULL`,
  );
  if (!row) throw new AppError('news.notFound', 404);
  return { ...itemOf(row, locale), body: row.body };
}

/** The app's content pages have fixed ids below this one (migration 0010); operators' news from it on. */
const FIRST_NEWS_ID = 100;

// ---- operators ----------------------------------------------------------------------------------

interface OpsRow {
  id: string;
  category_id: number;
  status: NewsStatus;
  created_at: string;
  published_at: string | null;
  translations: Array<{ locale: string; title: string }>;
  total?: number;
}

const opsOf = (row: OpsRow): OpsNews => ({
  id: Number(row.id),
  categoryId: row.category_id,
  status: row.status,
  createdAt: row.created_at,
  publishedAt: row.published_at,
  translations: row.translations ?? [],
});

const OPS_COLUMNS = sql`n.id::text, n.category_id, n.status, ${ISO('n.created_at')} AS created_at,
  CASE WHEN n.published_at IS NULL THEN NULL ELSE ${ISO('n.published_at')} END AS published_at,
  (SELECT coalesce(json_agg(json_build_object('locale', t.locale, 'title', t.title) ORDER BY t.locale), '[]'::json)
   FROM news_translations t WHERE t.news_id = n.id) AS translations`;

async function listOpsNews(db: Db, input: { page: number; pageSize: number; status?: NewsStatus }): Promise<Page<OpsNews>> {
  const status = input.status ?? null;
  const rows = await rowsOf<OpsRow>(
    db,
    sql`SELECT ${OPS_COLUMNS}, count(*) OVER ()::int AS total FROM news n
        WHERE n.id >= ${FIRST_NEWS_ID} AND (${status}::text IS NULL OR n.status = ${status})
        ORDER BY n.id DESC LIMIT ${input.pageSize} OFFSET ${(input.page - 1) * input.pageSize}`,
  );
  return { list: rows.map(opsOf), total: rows[0]?.total ?? 0, page: input.page, pageSize: input.pageSize };
}

async function opsNewsOf(tx: Tx, id: number): Promise<OpsNews> {
  const [row] = await rowsOf<OpsRow>(tx, sql`SELECT ${OPS_COLUMNS} FROM news n WHERE n.id = ${id}`);
  if (!row) throw new AppError('news.notFound', 404);
  return opsOf(row);
}

/** One piece (news, not a content page) with each language's whole text. */
async function opsNewsPiece(db: Db, id: number): Promise<OpsNewsPiece> {
  const [row] = await rowsOf<OpsRow & { texts: OpsNewsPiece['texts'] }>(
    db,
    sql`SELECT ${OPS_COLUMNS},
          (SELECT coalesce(json_agg(json_build_object('locale', t.locale, 'title', t.title, 'body', t.body) ORDER BY t.locale), '[]'::json)
           FROM news_translations t WHERE t.news_id = n.id) AS texts
        FROM news n WHERE n.id = ${id} AND n.id >= ${FIRST_NEWS_ID}`,
  );
  if (!row) throw new AppError('news.notFound', 404);
  return { ...opsOf(row), texts: row.texts ?? [] };
}

interface Actor {
  operatorId: string;
  at: Date;
}

async function draftNews(tx: Tx, input: { categoryId: number; locale: string; title: string; body: string }, actor: Actor): Promise<OpsNews> {
  const [{ id }] = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO news (category_id, status, created_by, created_at, updated_at)
        VALUES (${input.categoryId}, 'draft', ${actor.operatorId}, ${actor.at.toISOString()}, ${actor.at.toISOString()}) RETURNING id::text`,
  );
  await tx.execute(sql`INSERT INTO news_translations (news_id, locale, title, body) VALUES (${id}, ${input.locale}, ${input.title}, ${input.body})`);
  await recordAudit(tx, actor, { action: 'news.create', subject: `news:${id}`, details: { locale: input.locale, title: input.title } });
  return opsNewsOf(tx, Number(id));
}

/** Writes or replaces one language's version; a published piece shows it at once. A content page is not news (its own call, admin, with a reason). */
async function translateNews(tx: Tx, input: { id: number; locale: string; title: string; body: string }, actor: Actor): Promise<OpsNews> {
  const [found] = await rowsOf<{ id: string }>(tx, sql`SELECT id::text FROM news WHERE id = ${input.id} AND id >= ${FIRST_NEWS_ID} FOR UPDATE`);
  if (!found) throw new AppError('news.notFound', 404);
  await tx.execute(
    sql`INSERT INTO news_translations (news_id, locale, title, body) VALUES (${input.id}, ${input.locale}, ${input.title}, ${input.body})
        ON CONFLICT (news_id, locale) DO UPDATE SET title = excluded.title, body = excluded.body`,
  );
  await tx.execute(sql`UPDATE news SET updated_at = ${actor.at.toISOString()} WHERE id = ${input.id}`);
  await recordAudit(tx, actor, { action: 'news.translate', subject: `news:${input.id}`, details: { locale: input.locale, title: input.title } });
  return opsNewsOf(tx, input.id);
}

/** A piece's status and its last publication or withdrawal: who made it and when (migration 0021). */
interface Decision {
  status: NewsStatus;
  decided_by: string | null;
  decided_at: string | null;
}

const decisionBy = (actor: Actor) => sql`decided_by = ${actor.operatorId}, decided_at = ${actor.at.toISOString()}`;

/** Publishing what is published, or withdrawing what is withdrawn: 409 naming who did it. */
const decidedNews = (tx: Tx, row: Decision) => alreadyDecided(tx, { operatorId: row.decided_by, at: row.decided_at, status: row.status });

/** Publishes a draft or a withdrawn piece (it needs its English version); publishing twice is refused. */
async function publishNews(tx: Tx, id: number, actor: Actor): Promise<OpsNews> {
  const [row] = await rowsOf<Decision & { english: boolean }>(
    tx,
    sql`SELECT status, decided_by, decided_at, EXISTS (SELECT 1 FROM news_translations t WHERE t.news_id = n.id AND t.locale = ${NEWS_FALLBACK_LOCALE}) AS english
        FROM news n WHERE id = ${id} AND id >= ${FIRST_NEWS_ID} FOR UPDATE`,
  );
  if (!row) throw new AppError('news.notFound', 404);
  if (row.status === 'published') throw await decidedNews(tx, row);
  if (!row.english) throw new AppError('news.englishRequired', 400);
  const at = actor.at.toISOString();
  await tx.execute(sql`UPDATE news SET status = 'published', published_at = ${at}, updated_at = ${at}, ${decisionBy(actor)} WHERE id = ${id}`);
  await recordAudit(tx, actor, { action: 'news.publish', subject: `news:${id}` });
  return opsNewsOf(tx, id);
}

/** Takes a published piece off the list and its page. */
async function withdrawNews(tx: Tx, id: number, actor: Actor): Promise<OpsNews> {
  const [row] = await rowsOf<Decision>(tx, sql`SELECT status, decided_by, decided_at FROM news WHERE id = ${id} AND id >= ${FIRST_NEWS_ID} FOR UPDATE`);
  if (!row) throw new AppError('news.notFound', 404);
  // A draft was never published: nothing to take off, and no one to name.
  if (row.status === 'draft') throw new AppError('news.notPublished', 409);
  if (row.status !== 'published') throw await decidedNews(tx, row);
  await tx.execute(sql`UPDATE news SET status = 'withdrawn', updated_at = ${actor.at.toISOString()}, ${decisionBy(actor)} WHERE id = ${id}`);
  await recordAudit(tx, actor, { action: 'news.withdraw', subject: `news:${id}` });
  return opsNewsOf(tx, id);
}

// ---- content pages ------------------------------------------------------------------------------

interface ContentRow {
  id: string;
  category_id: number;
  locale: Locale;
  title: string;
  body: string;
  updated_at: string;
  changed_by: string | null;
}

/** Every content page in every language it has, English first, each with its last change. */
async function contentPages(db: Db, names: ReadonlyMap<number, string>): Promise<OpsContentPages> {
  const rows = await rowsOf<ContentRow>(
    db,
    sql`SELECT n.id::text, n.category_id, t.locale, t.title, t.body,
          ${ISO('coalesce(a.created_at, n.created_at)')} AS updated_at, o.username AS changed_by
        FROM news n JOIN news_translations t ON t.news_id = n.id
        LEFT JOIN LATERAL (
          SELECT a.created_at, a.operator_id FROM audit_log a
          WHERE a.subject = 'news:' || n.id AND a.action IN ('news.translate', 'content.change') AND a.details->>'locale' = t.locale
          ORDER BY a.id DESC LIMIT 1
        ) a ON true
        LEFT JOIN operators o ON o.id = a.operator_id
        WHERE n.id < ${FIRST_NEWS_ID}
        ORDER BY n.id, (t.locale = ${FALLBACK_LOCALE}) DESC, t.locale`,
  );
  const pages = new Map<number, OpsContentPages['pages'][number]>();
  for (const row of rows) {
    const id = Number(row.id);
    let page = pages.get(id);
    if (!page) pages.set(id, (page = { id, piece: names.get(id) ?? String(id), categoryId: row.category_id, texts: [] }));
    page.texts.push({ locale: row.locale, title: row.title, body: row.body, updatedAt: row.updated_at, changedBy: row.changed_by });
  }
  return { pages: [...pages.values()] };
}

/** Writes or replaces one language of a content page (only those: news has its own calls), audited with the reason. */
async function changeContent(tx: Tx, input: { id: number; locale: string; title: string; body: string; reason: string }, actor: Actor): Promise<void> {
  const [found] = await rowsOf<{ id: string }>(tx, sql`SELECT id::text FROM news WHERE id = ${input.id} AND id < ${FIRST_NEWS_ID} FOR UPDATE`);
  if (!found) throw new AppError('news.notFound', 404);
  await tx.execute(
    sql`INSERT INTO news_translations (news_id, locale, title, body) VALUES (${input.id}, ${input.locale}, ${input.title}, ${input.body})
        ON CONFLICT (news_id, locale) DO UPDATE SET title = excluded.title, body = excluded.body`,
  );
  await tx.execute(sql`UPDATE news SET updated_at = ${actor.at.toISOString()} WHERE id = ${input.id}`);
  await recordAudit(tx, actor, { action: 'content.change', subject: `news:${input.id}`, reason: input.reason, details: { locale: input.locale, title: input.title } });
}

/** The news service, built once (app.services.news): readers' reads, and operators' writes, each in a transaction with its audit row. */
export function createNews(db: Db, contentNames: ReadonlyMap<number, string> = new Map()) {
  return {
    /** POST /news/list. */
    list: (input: { categoryId: number; page: number; pageSize: number; locale: string }) => listNews(db, input),
    /** POST /news/detail. */
    detail: (id: number, locale: string) => newsDetail(db, id, locale),
    /** GET /ops/news. */
    opsList: (input: { page: number; pageSize: number; status?: NewsStatus }) => listOpsNews(db, input),
    /** GET /ops/news/piece. */
    opsPiece: (id: number) => opsNewsPiece(db, id),
    draft: (input: { categoryId: number; locale: string; title: string; body: string }, actor: Actor) => inTransaction(db, (tx) => draftNews(tx, input, actor)),
    translate: (input: { id: number; locale: string; title: string; body: string }, actor: Actor) => inTransaction(db, (tx) => translateNews(tx, input, actor)),
    /** Publishes, and writes its push notices into the outbox in the same transaction (server/outbox.ts): their row ids. */
    publish: (id: number, actor: Actor) =>
      inTransaction(db, async (tx) => {
        const published = await publishNews(tx, id, actor);
        return { published, notices: await writeOutbox(tx, [{ topic: 'news.push', payload: { id: published.id } }]) };
      }),
    withdraw: (id: number, actor: Actor) => inTransaction(db, (tx) => withdrawNews(tx, id, actor)),
    /** GET /ops/content. */
    contentPages: () => contentPages(db, contentNames),
    /** POST /ops/content: the page as the console reads it afterwards. */
    changeContent: async (input: { id: number; locale: string; title: string; body: string; reason: string }, actor: Actor) => {
      await inTransaction(db, (tx) => changeContent(tx, input, actor));
      return contentPages(db, contentNames);
    },
  };
}

