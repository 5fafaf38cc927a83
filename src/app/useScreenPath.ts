import { useRouterState } from '@tanstack/react-router';
import { normalisePath, type ScreenPath } from './routes';

/** The SPEC path of the screen on display (one component may serve two paths). */
export function useScreenPath(): ScreenPath {
  return normalisePath(useRouterState({ select: (state) => state.location.pathname })) as ScreenPath;
}
