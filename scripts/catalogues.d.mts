/** Types of scripts/catalogues.mjs. */
/** A language's UI texts from its two catalogues: English text → translation ('' when untranslated). */
export declare function catalogueTexts(locale: string): Map<string, string>;
