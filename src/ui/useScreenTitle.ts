import { useLingui } from '@lingui/react';
import { useRouterState } from '@tanstack/react-router';

/** The innermost route on screen: its title and other static facts (see app/layouts.tsx). */
export function useScreenStatic() {
  return useRouterState({ select: (state) => state.matches.at(-1)?.staticData ?? {} });
}

/** The translated page title of the screen on display; null where the route has none (not found). */
export function useScreenTitle(): string | null {
  const { i18n } = useLingui();
  const { title } = useScreenStatic();
  return title ? i18n._(title) : null;
}
