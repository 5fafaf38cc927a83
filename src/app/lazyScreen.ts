/**
 * A screen in its own chunk: its code and the texts of the screens after the first one
 * (src/i18n: the `messages` catalogue) load together, so it never renders untranslated ids.
 */
import { lazyRouteComponent } from '@tanstack/react-router';
import { loadScreenMessages } from '../i18n';

export function lazyScreen<T extends Record<string, unknown>, K extends keyof T = 'default'>(importer: () => Promise<T>, exportName?: K) {
  return lazyRouteComponent(() => Promise.all([importer(), loadScreenMessages()]).then(([module]) => module), exportName);
}
