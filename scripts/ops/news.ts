/** news, news write|translate|publish|withdraw: the announcements of the home ticker and the news screens. */
import { readFileSync } from 'node:fs';
import { NEWS_STATUSES } from '../../src/domain/news';
import type { OpsNews, Page } from '../../src/domain/wire';
import { operand, option, recordId, requiredOption, statusOption, UsageError, type Args } from './args';
import { call } from './http';
import { printPage, when } from './output';

export async function listNews(args: Args): Promise<void> {
  const query = { status: statusOption(args, NEWS_STATUSES, 'published'), page: option(args, 'page'), pageSize: option(args, 'page-size') ?? '20' };
  printPage(
    await call<Page<OpsNews>>(args, 'GET', '/news', { query }),
    ['ID', 'STATUS', 'CATEGORY', 'WRITTEN', 'PUBLISHED', 'LANGUAGES', 'TITLE'],
    (n) => [n.id, n.status, n.categoryId, when(n.createdAt), n.publishedAt ? when(n.publishedAt) : null, n.translations.map((x) => x.locale).join(' '), n.translations.find((x) => x.locale === 'en')?.title ?? n.translations[0]?.title ?? ''],
    'no news',
  );
}

/** The text: --body TEXT, or --body-file FILE (a long text written in an editor). */
function bodyOf(args: Args, command: string): string {
  const file = option(args, 'body-file');
  if (file) return readFileSync(file, 'utf8');
  return requiredOption(args, 'body', `${command} (or --body-file FILE)`);
}

function printed(n: OpsNews): void {
  console.log(`news ${n.id}: ${n.status}; languages ${n.translations.map((x) => x.locale).join(', ')}`);
}

export async function newsCommand(args: Args): Promise<void> {
  const action = operand(args, 1, 'write, translate, publish or withdraw');
  if (action === 'write') {
    const body = { locale: option(args, 'locale') ?? 'en', title: requiredOption(args, 'title', 'news write'), body: bodyOf(args, 'news write'), categoryId: option(args, 'category') };
    return printed(await call<OpsNews>(args, 'POST', '/news', { body }));
  }
  const id = recordId(operand(args, 2, 'news id'));
  if (action === 'translate') {
    const body = { id, locale: requiredOption(args, 'locale', 'news translate'), title: requiredOption(args, 'title', 'news translate'), body: bodyOf(args, 'news translate') };
    return printed(await call<OpsNews>(args, 'POST', '/news/translate', { body }));
  }
  if (action === 'publish' || action === 'withdraw') return printed(await call<OpsNews>(args, 'POST', `/news/${action}`, { body: { id } }));
  throw new UsageError(`news ${action}? write, translate, publish or withdraw`);
}
