/**
 * The console's language: English or Chinese (complete), the catalogue src/locales/<lang>/ops.po.
 * The error texts are the app's own (src/i18n/errors), so a refusal reads the same in the console,
 * the app and the API. Chosen once per browser (its own key; the PWA's choice is not touched).
 */
import { i18n, type Messages } from '@lingui/core';
import { getDefaultStore } from 'jotai';
import { localeAtom } from '../i18n';
import { loadErrorTexts } from '../i18n/errors';
import type { Locale } from '../domain/locales';

export const OPS_LOCALES = ['en', 'zh'] as const;
export type OpsLocale = (typeof OPS_LOCALES)[number];
export const OPS_LOCALE_NAMES: Record<OpsLocale, string> = { en: 'English', zh: '中文' };
const STORAGE_KEY = 'tessera.ops.locale';

export function startOpsLocale(): OpsLocale {
  const stored = (() => {
    try {
      return localStorage.getItem(STORAGE_KEY);
    } catch {
      return null; // storage blocked: the browser's languages decide
    }
  })();
  if (stored === 'en' || stored === 'zh') return stored;
  return navigator.languages.some((language) => language.toLowerCase().startsWith('zh')) ? 'zh' : 'en';
}

async function catalogue(locale: OpsLocale): Promise<Messages> {
  const { messages } = (await import(`../locales/${locale}/ops.po`)) as { messages: Messages };
  return messages;
}

export function opsLocale(): OpsLocale {
  return (i18n.locale as OpsLocale) || 'en';
}

export async function activateOpsLocale(locale: OpsLocale): Promise<void> {
  const [messages] = await Promise.all([catalogue(locale), loadErrorTexts(locale as Locale)]);
  i18n.loadAndActivate({ locale, messages });
  getDefaultStore().set(localeAtom, locale as Locale);
  document.documentElement.lang = locale === 'zh' ? 'zh-CN' : 'en';
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // storage blocked: the choice lasts for this page
  }
}
