/**
 * The app's content pages: about us (19), help centre (33), company profile (21), platform
 * introduction (22) and the tutorials (41–43, category 2). They are published pieces of news with
 * fixed ids (the app asks for them with POST /news/detail), written at every start where missing
 * in all ten languages (content-seed.ts). What operators changed stays as they left it: a piece
 * or a language that exists is never written over.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { CONTENT_ARTICLES } from './content-seed';

/** The author of the seeded pages: the installation itself, not an operator. */
const INSTALLATION = '00000000-0000-0000-0000-000000000000';

/** Writes the content pages and languages that are missing; returns how many versions it wrote. */
export async function seedContent(db: Db, at: Date): Promise<number> {
  const when = at.toISOString();
  const rows = CONTENT_ARTICLES.flatMap((article) =>
    Object.entries(article.texts).map(([locale, text]) => ({ id: article.id, category: article.categoryId, locale, title: text.title, body: text.body })),
  );
  const pieces = JSON.stringify(CONTENT_ARTICLES.map((article) => ({ id: article.id, category: article.categoryId })));
  await db.execute(
    sql`INSERT INTO news (id, category_id, status, created_by, created_at, updated_at, published_at)
        SELECT p.id, p.category, 'published', ${INSTALLATION}, ${when}, ${when}, ${when}
        FROM json_to_recordset(${pieces}::json) AS p (id bigint, category integer)
        ON CONFLICT (id) DO NOTHING`,
  );
  const [written] = await rowsOf<{ n: number }>(
    db,
    sql`WITH added AS (
          INSERT INTO news_translations (news_id, locale, title, body)
          SELECT r.id, r.locale, r.title, r.body
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r (id bigint, locale text, title text, body text)
          JOIN news n ON n.id = r.id AND n.category_id IN (1, 2)
          ON CONFLICT (news_id, locale) DO NOTHING
          RETURNING 1)
        SELECT count(*)::int AS n FROM added`,
  );
  return written?.n ?? 0;
}
