/**
 * The announcements line of home: the titles of the latest news joined with commas, one line
 * that scrolls when it is longer than the screen (still for people who ask for less motion). It
 * opens the news. Without news it says so plainly rather than showing invented ones.
 */
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { announcementsQuery } from './api/queries';
import { ChevronEndIcon, MegaphoneIcon } from '../../ui/icons';
import { localeAtom } from '../../i18n';

export function NoticeTicker() {
  const { t } = useLingui();
  const locale = useAtomValue(localeAtom);
  const news = useQuery(announcementsQuery(locale));
  const titles = news.data?.list.map((item) => item.title) ?? [];
  // The list separator of the language: "," in most, "،" in Arabic, "、" in Chinese.
  const joined = titles.join(t({ message: ', ', comment: 'Separator between two news titles in the home ticker' }));
  const line = useRef<HTMLSpanElement>(null);
  const [size, setSize] = useState({ overflow: 0, room: 0 });
  useLayoutEffect(() => {
    const text = line.current;
    const room = text?.parentElement;
    if (!text || !room) return;
    const measure = () => setSize({ overflow: Math.max(0, text.scrollWidth - room.clientWidth), room: room.clientWidth });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(room);
    return () => observer.disconnect();
  }, [joined]);
  if (titles.length === 0) {
    return (
      <section aria-label={t`Announcements`} className="flex items-center gap-3 rounded-2xl bg-surface px-4 py-3">
        <MegaphoneIcon size={20} className="shrink-0 text-sea-700" />
        <p className="truncate text-sm text-muted">{t`No announcements right now.`}</p>
      </section>
    );
  }
  return (
    <Link to="/news" aria-label={t`Announcements: ${joined}`} className="flex min-h-12 items-center gap-3 rounded-2xl bg-surface px-4 py-3 active:bg-sea-50">
      <MegaphoneIcon size={20} className="shrink-0 text-sea-700" />
      <span className="ticker min-w-0 flex-1 overflow-hidden text-sm text-ink" aria-hidden="true">
        <span
          ref={line}
          className={`inline-block whitespace-nowrap ${size.overflow > 0 ? 'ticker-moving' : ''}`}
          // About 40 pixels a second, however long the titles are.
          style={{ '--ticker-room': `${size.room}px`, '--ticker-seconds': `${Math.max(4, size.overflow / 40)}s` } as CSSProperties}
          data-testid="news-ticker"
        >
          {joined}
        </span>
      </span>
      <ChevronEndIcon size={16} className="shrink-0 text-muted" />
    </Link>
  );
}
