/**
 * The app's content pages: about us (19), help centre (33), company profile (21), platform
 * introduction (22) and the tutorials (41–43, category 2). They are published pieces of news with
 * fixed ids (the app asks for them with POST /news/detail), written at every start where missing,
 * and brought up to date where the installation wrote an older text (the app changed, its pages
 * with it). What operators changed stays as they left it: a language an operator translated (its
 * `content.change` audit row, written by the console's content pages — `POST /ops/content`, admin,
 * with a reason — or a `news.translate` row from before the news calls were kept to news) is never
 * written over.
 *
 * Their texts are data, in `content/` beside this file (beside the bundle in a build, which copies
 * the folder like the migrations): `pieces.json` lists each piece's id, category and folder, and
 * the folder holds one `<locale>.md` per language. A file is a front matter with the title alone,
 * then the body:
 *
 *     ---
 *     title: Help centre
 *     ---
 *
 *     First paragraph.
 *
 *     A question?
 *     Its answer.
 *
 * The body is plain text, not rendered Markdown: paragraphs separated by a blank line; a screen of
 * the app is named as a link, `[Convert](/transfer)`, with the title the screen has in that language
 * (tests/unit/server/content-links.test.ts holds every link to the router and the catalogues); a paragraph
 * whose first line ends with a question mark (?, ？ or ؟) is shown as a question with its answer
 * below (Article.tsx). In Arabic and Hebrew every paragraph starts with a word in that script, so
 * that the paragraph's automatic direction is right to left. English is required (it is what a
 * reader gets where their language is missing): a piece without it stops the start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../src/domain/locales';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from '../../../src/domain/news';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

export const CONTENT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'content');

/** The author of the seeded pages: the installation itself, not an operator. */
const INSTALLATION = '00000000-0000-0000-0000-000000000000';

export interface ContentText { title: string; body: string }
export interface ContentPiece {
  /** Fixed id the app asks for with POST /news/detail; below 100, where operators' pieces never are. */
  id: number;
  /** 1: the app's pages (about, help, company, intro); 2: tutorials. */
  categoryId: 1 | 2;
  /** Its folder under content/. */
  piece: string;
  /** English always; the other languages it has (a reader of a missing one gets English). */
  texts: Partial<Record<Locale, ContentText>>;
}

const piecesSchema = z.array(
  z.strictObject({
    id: z.int().min(1).max(99),
    category: z.union([z.literal(1), z.literal(2)]),
    piece: z.string().regex(/^[a-z][a-z-]*$/),
  }),
);

/** `---`, `title: …`, `---`, a blank line, the body. */
const FILE = /^---\ntitle: ([^\n]+)\n---\n\n([\s\S]+)$/;

function readText(file: string): ContentText {
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '').replaceAll('\r\n', '\n');
  const match = FILE.exec(text);
  const title = match?.[1]?.trim() ?? '';
  const body = match?.[2]?.trim() ?? '';
  if (!title || !body) throw new Error(`${file}: expected "---", "title: …", "---", a blank line, then the body`);
  if (title.length > NEWS_TITLE_MAX || body.length > NEWS_BODY_MAX) throw new Error(`${file}: the title is limited to ${NEWS_TITLE_MAX} characters, the body to ${NEWS_BODY_MAX}`);
  return { title, body };
}

/** Each content page's id and its folder's name (about, help…), for the operators' list. */
export function contentNames(dir = CONTENT_DIR): Map<number, string> {
  const pieces = piecesSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'pieces.json'), 'utf8')));
  return new Map(pieces.map((entry) => [entry.id, entry.piece]));
}

/** Reads every piece in every language it has; a piece without English, an unknown file or folder throws. */
export function readContent(dir = CONTENT_DIR): ContentPiece[] {
  const pieces = piecesSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'pieces.json'), 'utf8')));
  const listed = new Set(pieces.map((entry) => entry.piece));
  const ids = new Set(pieces.map((entry) => entry.id));
  if (listed.size < pieces.length || ids.size < pieces.length) throw new Error(`${dir}/pieces.json: a piece or an id is listed twice`);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !listed.has(entry.name)) throw new Error(`${dir}/${entry.name}: not listed in pieces.json`);
  }
  return pieces.map(({ id, category, piece }) => {
    const folder = path.join(dir, piece);
    const texts: Partial<Record<Locale, ContentText>> = {};
    for (const file of fs.readdirSync(folder)) {
      const locale = file.replace(/\.md$/, '');
      if (!file.endsWith('.md') || !isLocale(locale)) throw new Error(`${folder}/${file}: not a language's text (<locale>.md, one of the app's languages)`);
      texts[locale] = readText(path.join(folder, file));
    }
    if (!texts[FALLBACK_LOCALE]) throw new Error(`${folder}/${FALLBACK_LOCALE}.md is missing: every content piece needs its English text`);
    return { id, categoryId: category, piece, texts };
  });
}

/**
 * Writes the content pages and languages that are missing, and the texts that differ from the
 * shipped ones where no operator translated that language; returns how many versions it wrote.
 */
export async function seedContent(db: Db, at: Date, pieces: readonly ContentPiece[] = readContent()): Promise<number> {
  const when = at.toISOString();
  const rows = pieces.flatMap((piece) =>
    Object.entries(piece.texts).map(([locale, text]) => ({ id: piece.id, category: piece.categoryId, locale, title: text.title, body: text.body })),
  );
  const ids = JSON.stringify(pieces.map((piece) => ({ id: piece.id, category: piece.categoryId })));
  await db.execute(
    sql`INSERT INTO news (id, category_id, status, created_by, created_at, updated_at, published_at)
        SELECT p.id, p.category, 'published', ${INSTALLATION}, ${when}, ${when}, ${when}
        FROM json_to_recordset(${ids}::json) AS p (id bigint, category integer)
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
  const [updated] = await rowsOf<{ n: number }>(
    db,
    sql`WITH changed AS (
          UPDATE news_translations t SET title = r.title, body = r.body
          FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r (id bigint, locale text, title text, body text)
          WHERE t.news_id = r.id AND t.locale = r.locale AND (t.title <> r.title OR t.body <> r.body)
            AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.action IN ('news.translate', 'content.change') AND a.subject = 'news:' || r.id AND a.details->>'locale' = r.locale)
          RETURNING 1)
        SELECT count(*)::int AS n FROM changed`,
  );
  return (written?.n ?? 0) + (updated?.n ?? 0);
}
