/**
 * Chinese is written without spaces, and a browser may end a line between any two of its
 * characters, so "兑换" (convert) could end one line with 兑 and start the next with 换. Here a
 * word joiner (U+2060: draws nothing, read by nothing, forbids a line break on either side) is
 * put between the characters of each word, the words as `Intl.Segmenter` finds them (ICU's
 * dictionary): lines still break between words, never inside one. Everything else is left as it
 * is, so a text this never saw (a nickname, a piece written by an operator) still wraps, only
 * less well.
 *
 * Why this rather than `word-break: keep-all`: keep-all stops every break between ideographs, so
 * a sentence with no space or punctuation where the line ends would run out of its box (or be cut
 * anywhere by `overflow-wrap`) — it suits a short label, not the app's sentences. Rather than
 * zero-width spaces between words under keep-all, joiners inside words fail safe: a text without
 * them wraps as before. The catalogues and error texts get them when the app is built (vite.config.ts),
 * not on the phone: ICU's dictionary takes tens of milliseconds to start.
 */

export const WORD_JOINER = '\u2060';

/** Characters written without spaces between words: Han ideographs (CJK Unified, Extension A, Compatibility). */
const IDEOGRAPH = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/** Languages whose texts get word joiners: Chinese (the app's one language written without spaces). */
export function joinsWords(locale: string): boolean {
  return locale === 'zh' || locale.startsWith('zh-');
}

let segmenter: Intl.Segmenter | undefined;

/** The text with a word joiner between each two ideographs of one word; unchanged in a language written with spaces. */
export function keepWordsTogether(text: string, locale: string): string {
  if (!joinsWords(locale) || !IDEOGRAPH.test(text)) return text;
  segmenter ??= new Intl.Segmenter('zh', { granularity: 'word' });
  let joined = '';
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike || segment.length < 2) {
      joined += segment;
      continue;
    }
    const characters = [...segment];
    joined += characters.map((character, index) => (index > 0 && IDEOGRAPH.test(character) && IDEOGRAPH.test(characters[index - 1]) ? WORD_JOINER : '') + character).join('');
  }
  return joined;
}
