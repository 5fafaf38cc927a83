/**
 * A piece as the app shows it (src/features/shared/Article.tsx, drawn again here: the console never
 * imports the app's features): a 390 px phone, the title, the paragraphs, a first line ending with a
 * question mark as a question with its answer, `[label](/path)` as a link, in the language's direction.
 */
import type { ReactNode } from 'react';
import { APP_LINK } from '../../../domain/constants';
import { isRtl, type Locale } from '../../../domain/locales';

function withLinks(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(new RegExp(APP_LINK, 'g'))) {
    parts.push(text.slice(at, match.index));
    parts.push(
      <span key={match.index} className="font-medium text-teal-700 underline underline-offset-2" title={match[2]}>
        {match[1]}
      </span>,
    );
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts;
}

export function PhonePreview({ locale, title, body, caption }: { locale: Locale; title: string; body: string; caption: ReactNode }) {
  return (
    <figure className="flex flex-col items-center gap-2">
      <figcaption className="text-xs text-slate-600">{caption}</figcaption>
      <div className="w-[390px] max-w-full rounded-[2rem] border-8 border-slate-800 bg-slate-100 px-4 py-6 shadow-lg">
        <article lang={locale} dir={isRtl(locale) ? 'rtl' : 'ltr'} className="rounded-3xl bg-white p-5 text-slate-900">
          <h2 dir="auto" className="mb-1 text-xl font-semibold">
            {title}
          </h2>
          <div className="mt-4 space-y-4 text-base leading-relaxed">
            {body
              .split(/\n\s*\n/)
              .filter((paragraph) => paragraph.trim())
              .map((paragraph, index) => {
                const [first, ...rest] = paragraph.trim().split('\n');
                return /[?？؟]$/.test(first.trim()) && rest.length > 0 ? (
                  <section key={index} dir="auto">
                    <h3 className="font-semibold">{withLinks(first.trim())}</h3>
                    <p className="mt-1 whitespace-pre-line text-slate-600">{withLinks(rest.join('\n').trim())}</p>
                  </section>
                ) : (
                  <p key={index} dir="auto" className="whitespace-pre-line">
                    {withLinks(paragraph.trim())}
                  </p>
                );
              })}
          </div>
        </article>
      </div>
    </figure>
  );
}
