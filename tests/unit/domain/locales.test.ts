import { describe, expect, it } from 'vitest';
import { initialLocale, isRtl, matchLocale, personName } from '../../../src/domain/locales';

describe('language choice', () => {
  it('prefers the stored language, then the browser, then English', () => {
    expect(initialLocale('ar', ['de-DE'])).toBe('ar');
    expect(initialLocale(null, ['fr-FR', 'de-AT'])).toBe('de');
    expect(initialLocale('xx', ['fr-FR'])).toBe('en');
  });

  it('reads Accept-Language headers with weights', () => {
    expect(matchLocale('fr;q=0.9, he;q=0.8, en;q=0.5')).toBe('he');
    expect(matchLocale('zh-CN,zh;q=0.9')).toBe('zh');
    expect(matchLocale('iw')).toBe('he');
    expect(matchLocale('fr')).toBeNull();
  });

  it('lays out Arabic and Hebrew right to left', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('he')).toBe(true);
    expect(isRtl('tzm')).toBe(false);
  });
});

describe('personName', () => {
  it('puts the family name first in Chinese, the given name first elsewhere', () => {
    expect(personName('Ada', 'Lovelace', 'en')).toBe('Ada Lovelace');
    expect(personName('Ada', 'Lovelace', 'de')).toBe('Ada Lovelace');
    expect(personName('Ada', 'Lovelace', 'ar')).toBe('Ada Lovelace');
    expect(personName('Ada', 'Lovelace', 'zh')).toBe('Lovelace Ada');
  });

  it('writes a name in Chinese characters family name first without a space, in every language; a half-given name alone', () => {
    expect(personName('伟', '张', 'zh')).toBe('张伟');
    expect(personName('伟', '张', 'en')).toBe('张伟');
    expect(personName(' Ada ', '', 'zh')).toBe('Ada');
  });
});
