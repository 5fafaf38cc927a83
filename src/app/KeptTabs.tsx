/**
 * Renders the tab views and keeps the visited ones alive while hidden (React's <Activity>):
 * leaving /mine for /home and coming back finds /mine as it was. The views are the components of
 * the tab routes themselves (staticData.tab), taken from the router; only tabs are kept, other
 * screens mount fresh each time.
 */
import { useRouter } from '@tanstack/react-router';
import { useAtom, useAtomValue } from 'jotai';
import { Activity, Suspense, useEffect, type ComponentType } from 'react';
import { keptViewsEpochAtom, visitedTabsAtom } from './keptViews';
import { ScreenFallback } from '../ui/ScreenFallback';
import { transitionClass, type TransitionKind } from './transition';

export interface KeptTabsProps {
  /** The tab on screen, or null when a non-tab screen is shown (all kept tabs hidden). */
  current: string | null;
  transition: TransitionKind;
}

export function KeptTabs({ current, transition }: KeptTabsProps) {
  const router = useRouter();
  const [visited, setVisited] = useAtom(visitedTabsAtom);
  const epoch = useAtomValue(keptViewsEpochAtom);

  useEffect(() => {
    if (current && !visited.includes(current)) setVisited([...visited, current]);
  }, [current, visited, setVisited]);

  // The current tab renders in this very pass, before the effect has recorded the visit.
  const shown = current && !visited.includes(current) ? [...visited, current] : visited;

  return shown.map((path) => {
    const route = (router.routesByPath as Record<string, { options: { component?: unknown; staticData?: { tab?: boolean } } } | undefined>)[path];
    if (!route?.options.staticData?.tab || !route.options.component) return null;
    const TabScreen = route.options.component as ComponentType;
    const visible = path === current;
    return (
      <Activity key={`${epoch}:${path}`} mode={visible ? 'visible' : 'hidden'}>
        <div className={`absolute inset-0 ${visible ? transitionClass(transition) : ''}`} data-tab={path}>
          <Suspense fallback={<ScreenFallback />}>
            <TabScreen />
          </Suspense>
        </div>
      </Activity>
    );
  });
}
