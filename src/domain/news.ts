/**
 * News, shared by the app and the server: the category of the home's announcements, and the
 * rules of what readers ask and operators write. Every published piece has an English version,
 * which a reader without one in their language gets with a note.
 */
import { z } from 'zod';
import { LOCALES } from './locales';
import { pageQuerySchema } from './payments';

import { NEWS_CATEGORY } from './constants';

export { NEWS_CATEGORY };
export const NEWS_TITLE_MAX = 200;
export const NEWS_BODY_MAX = 20_000;
/** The language every published piece of news is written in. */
export const NEWS_FALLBACK_LOCALE = 'en';

const newsId = z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(Number.MAX_SAFE_INTEGER, 'request.invalid');
const category = z.coerce.number({ error: 'request.invalid' }).int('request.invalid').min(1, 'request.invalid').max(1000, 'request.invalid');

/** POST /news/list: a page of a category's published news, newest first. */
export const newsListSchema = z.strictObject({ c_id: category.default(NEWS_CATEGORY), ...pageQuerySchema.shape });
/** POST /news/detail */
export const newsDetailQuerySchema = z.strictObject({ id: newsId });

const text = (max: number) => z.string({ error: 'news.textRequired' }).trim().min(1, 'news.textRequired').max(max, 'news.textTooLong');
/** A language, a title and a body: what a news piece's or a content page's version is made of. */
export const newsTextShape = {
  locale: z.enum(LOCALES, { error: 'request.invalid' }),
  title: text(NEWS_TITLE_MAX),
  body: text(NEWS_BODY_MAX),
};

/** Operators: a new draft in one language (more are added with newsTranslateSchema). */
export const newsCreateSchema = z.strictObject({ categoryId: category.default(NEWS_CATEGORY), ...newsTextShape });
/** Operators: a piece's text in one language, written or replaced. */
export const newsTranslateSchema = z.strictObject({ id: newsId, ...newsTextShape });
/** Operators: publish or withdraw a piece. */
export const newsIdSchema = z.strictObject({ id: newsId });
export const NEWS_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];
export const opsNewsListSchema = z.strictObject({ ...pageQuerySchema.shape, status: z.enum(NEWS_STATUSES, { error: 'request.invalid' }).optional() });
