/**
 * Renders the tab views and keeps the visited ones alive while hidden (React 19.2 <Activity>):
 * leaving /mine for /home and coming back finds /mine as it was. Only the tabs are kept; other
 * screens mount fresh each time. Home is part of the first chunk (it is the first screen);
 * the others load on first visit.
 */
import { useAtom, useAtomValue } from 'jotai';
import { Activity, lazy, Suspense, useEffect, type ComponentType } from 'react';
import HomeScreen from '../features/home/HomeScreen';
import { ComingSoonScreen } from './ComingSoonScreen';
import { keptViewsEpochAtom, visitedTabsAtom } from './keptViews';
import { ScreenFallback } from './ScreenFallback';
import { transitionClass, type TransitionKind } from './transition';

const MineScreen = lazy(() => import('../features/mine/MineScreen'));
const MarketScreen = () => <ComingSoonScreen path="/market" />;
const OrderScreen = () => <ComingSoonScreen path="/order" />;

const TAB_SCREENS: Record<string, ComponentType> = {
  '/home': HomeScreen,
  '/market': MarketScreen,
  '/order': OrderScreen,
  '/mine': MineScreen,
};

export interface KeptTabsProps {
  /** The tab on screen, or null when a non-tab screen is shown (all kept tabs hidden). */
  current: string | null;
  transition: TransitionKind;
}

export function KeptTabs({ current, transition }: KeptTabsProps) {
  const [visited, setVisited] = useAtom(visitedTabsAtom);
  const epoch = useAtomValue(keptViewsEpochAtom);

  useEffect(() => {
    if (current && !visited.includes(current)) setVisited([...visited, current]);
  }, [current, visited, setVisited]);

  // The current tab renders in this very pass, before the effect has recorded the visit.
  const shown = current && !visited.includes(current) ? [...visited, current] : visited;

  return shown.map((path) => {
    const TabScreen = TAB_SCREENS[path];
    if (!TabScreen) return null;
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
