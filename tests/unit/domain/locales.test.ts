import { describe, expect, it } from 'vitest';
import { initialLocale, isRtl, matchLocale } from '../../../src/domain/locales';

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
