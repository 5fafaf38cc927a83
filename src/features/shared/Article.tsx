/**
 * A piece of news or a content page (about, help, tutorials): its date line, the note on a piece
 * shown in English, and its text paragraph by paragraph. The text is plain, with one markup: a
 * link to a screen of the app, `[Convert](/transfer)` (a path of the app, nothing else), shown as
 * a link named by its label (the content pages name screens by their titles this way, and a test
 * holds each link to the router's paths and the screen's title). A paragraph whose first line is a
 * question shows that line as its heading (the help centre's questions and answers).
 */
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/errors';
import { newsDetailQuery } from '../../api/news';
import { asOfTime, failureText } from '../../api/query';
import { EmptyState } from '../../ui/EmptyState';
import { Screen } from '../../ui/Screen';
import type { NewsDetail, NewsItem } from '../../domain/wire';
import { APP_LINK } from '../../domain/constants';
import { localeAtom } from '../../i18n';
import { keepWordsTogether } from '../../i18n/words';
import { AsOfLine } from '../../ui/AsOf';
import { splitHref, type AppPath } from '../../ui/navigation';
import { Loading } from '../../ui/QueryStates';
import { LoadFailed } from './records';

export function NewsDate({ item }: { item: Pick<NewsItem, 'publishedAt'> }) {
  const locale = useAtomValue(localeAtom);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(item.publishedAt));
  return <time dateTime={item.publishedAt}>{when}</time>;
}

/** Shown on a piece that has no version in the reader's language yet. */
export function EnglishNote() {
  return (
    <span className="inline-flex items-center rounded-full bg-sea-50 px-2.5 py-1 text-xs font-medium text-sea-800" lang="en-x-note">
      <Trans>Shown in English: not yet translated</Trans>
    </span>
  );
}

/**
 * The whole piece: title, date (news only), the English note, the text. Untitled (`titled` false)
 * where the screen's title already names the piece: the title is then the article's name for
 * screen readers only, not a second heading.
 */
export function Article({ piece, dated = true, titled = true }: { piece: NewsDetail; dated?: boolean; titled?: boolean }) {
  // A Chinese piece keeps its words whole at the ends of lines, as the catalogues' texts do.
  const joined = (text: string) => keepWordsTogether(text, piece.locale);
  return (
    <article aria-labelledby={titled ? 'article-title' : undefined} aria-label={titled ? undefined : piece.title} className="rounded-3xl bg-surface p-5">
      {titled ? (
        <h2 id="article-title" lang={piece.locale} dir="auto" className="mb-1 text-xl font-semibold text-ink">
          {joined(piece.title)}
        </h2>
      ) : null}
      {dated ? (
        <p className="text-sm text-muted">
          <NewsDate item={piece} />
        </p>
      ) : null}
      {piece.fallback ? (
        <p className={titled || dated ? 'mt-3' : 'mb-4'}>
          <EnglishNote />
        </p>
      ) : null}
      <div className={`${titled || dated ? 'mt-4 ' : ''}space-y-4 text-base leading-relaxed text-ink`} lang={piece.locale}>
        {piece.body.split(/\n\s*\n/).map((paragraph, index) => {
          const [first, ...rest] = paragraph.trim().split('\n');
          return /[?？؟]$/.test(first.trim()) && rest.length > 0 ? (
            <section key={index} dir="auto">
              <h3 className="font-semibold">{withLinks(first.trim(), joined)}</h3>
              <p className="mt-1 whitespace-pre-line text-muted">{withLinks(rest.join('\n').trim(), joined)}</p>
            </section>
          ) : (
            <p key={index} dir="auto" className="whitespace-pre-line">
              {withLinks(paragraph.trim(), joined)}
            </p>
          );
        })}
      </div>
    </article>
  );
}

/** The text with each `[label](/path)` as a link to that screen of the app; `join` keeps each part's words whole (Chinese). */
function withLinks(text: string, join: (text: string) => string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(new RegExp(APP_LINK, 'g'))) {
    const [whole, label, href] = match;
    parts.push(join(text.slice(at, match.index)));
    const { to, search } = splitHref(href);
    // A screen's name is one word to the reader: break-keep keeps a Chinese one (充值记录) on one line.
    parts.push(
      <Link key={match.index} to={to} search={search} className="font-medium break-keep text-sea-700 underline underline-offset-2">
        {join(label)}
      </Link>,
    );
    at = match.index + whole.length;
  }
  parts.push(join(text.slice(at)));
  return parts;
}

/** Where a piece that is not there leads: its list, or home for a page of its own. */
export interface ArticleWay {
  to: AppPath;
  label: string;
}

/**
 * The screen of one piece (a piece of news, a content page, a tutorial) by its id. A piece the
 * server no longer has (withdrawn since it was kept on the device) shows `missing`: what the
 * server says now wins over the copy, with the way on to where the user finds what there is.
 */
export function ArticleScreen({ id, dated, titled = true, missing, icon, way }: { id: number | null; dated: boolean; titled?: boolean; missing: string; icon: ReactNode; way: ArticleWay }) {
  const navigate = useNavigate();
  const locale = useAtomValue(localeAtom);
  const valid = id !== null && id > 0;
  const read = useQuery({ ...newsDetailQuery(locale, valid ? id : 0), enabled: valid });
  const gone = !valid || (read.error instanceof ApiError && read.error.key === 'news.notFound');
  const piece = gone ? undefined : read.data;
  return (
    <Screen>
      <div className="px-4 pt-2 pb-8">
        <AsOfLine time={asOfTime(read)} />
        {valid && read.isPending && read.fetchStatus !== 'idle' ? (
          <Loading />
        ) : piece ? (
          <Article piece={piece} dated={dated} titled={titled} />
        ) : read.error && !gone ? (
          <LoadFailed icon={icon} text={failureText(read.error) ?? ''} onRetry={() => void read.refetch()} />
        ) : (
          <EmptyState
            icon={icon}
            title={missing}
            text={<Trans>The link may be old or mistyped.</Trans>}
            action={
              <Button onClick={() => void navigate({ to: way.to, replace: true })}>
                {way.label}
              </Button>
            }
          />
        )}
      </div>
    </Screen>
  );
}
