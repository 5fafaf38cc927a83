import { useLingui } from '@lingui/react';
import { screenFor } from './routes';

/** The translated page title of a path, from the screen table; null for unknown paths. */
export function useScreenTitle(path: string): string | null {
  const { i18n } = useLingui();
  const screen = screenFor(path);
  return screen ? i18n._(screen.title) : null;
}
