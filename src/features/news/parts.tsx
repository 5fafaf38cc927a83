/** What the news screens share: the date line and the note on a piece shown in English. */
import { Trans } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import type { NewsItem } from '../../domain/wire';
import { localeAtom } from '../../i18n';

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
