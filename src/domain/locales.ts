/** The ten UI languages, in the order the language screen lists them. */
export const LOCALES = ['en', 'zh', 'de', 'es', 'it', 'pt', 'tzm', 'ar', 'nl', 'he'] as const;
export type Locale = (typeof LOCALES)[number];

export const FALLBACK_LOCALE: Locale = 'en';
/**
 * Where the PWA remembers the chosen language: localStorage, not IndexedDB, because the language
 * must be known synchronously before the first paint (index.html's boot hint reads it too), and it
 * is not personal data that logout has to remove.
 */
export const LOCALE_STORAGE_KEY = 'lang';

export const RTL_LOCALES: readonly Locale[] = ['ar', 'he'];

/** Each language named in itself, for the language picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  zh: '中文',
  de: 'Deutsch',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  tzm: 'Tamaziɣt',
  ar: 'العربية',
  nl: 'Nederlands',
  he: 'עברית',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isRtl(locale: Locale): boolean {
  return RTL_LOCALES.includes(locale);
}

/**
 * Maps a language tag ("de-AT", "zh_CN", "he") or an Accept-Language header
 * ("ar;q=0.9, en;q=0.8") to a supported locale, or null when none matches.
 */
export function matchLocale(tagOrHeader: string | null | undefined): Locale | null {
  if (!tagOrHeader) return null;
  const candidates = tagOrHeader
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().replace('_', '-'), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((c) => c.tag && c.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of candidates) {
    if (isLocale(tag)) return tag;
    const base = tag.split('-')[0];
    if (isLocale(base)) return base;
    if (base === 'iw') return 'he';
  }
  return null;
}

/** The initial language: the stored one, else the browser's, else the fallback. */
export function initialLocale(stored: string | null | undefined, browser: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browser) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return FALLBACK_LOCALE;
}

/**
 * Languages that write a person's family name before the given name: Chinese (张伟, on forms 姓
 * then 名). The others write the given name first. The bank form asks in this order and a name
 * is shown in it (personName).
 */
export const FAMILY_NAME_FIRST: readonly Locale[] = ['zh'];

/** Han ideographs only: a Chinese name written in characters, joined without a space. */
const HAN_NAME = /^[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff·]+$/;

/**
 * A person's name as the language writes it: "Ada Lovelace", in Chinese "Lovelace Ada". A name
 * written in Chinese characters is Chinese in every language: family name first, no space ("张伟").
 */
export function personName(given: string, family: string, locale: Locale): string {
  const [g, f] = [given.trim(), family.trim()];
  if (!g || !f) return g || f;
  if (HAN_NAME.test(g) && HAN_NAME.test(f)) return `${f}${g}`;
  return FAMILY_NAME_FIRST.includes(locale) ? `${f} ${g}` : `${g} ${f}`;
}
