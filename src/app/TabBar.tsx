/**
 * The bottom tab bar: home, trade, orders, mine. Shown on those four paths only; the
 * current tab is highlighted; tapping the tab you are on does nothing (no duplicate history entry,
 * no reload of the kept view).
 */
import { useLingui } from '@lingui/react/macro';
import { Tabbar, TabbarLink } from 'konsta/react';
import type { ReactNode } from 'react';
import { HomeIcon, OrdersIcon, TradeIcon, UserIcon } from './icons';
import { isTabPath, normalisePath } from './paths';

export interface TabBarProps {
  /** The path on screen: the bar shows on the four tab paths only. */
  path: string;
  /** The path being opened, when it differs: a tab tapped is highlighted before its screen loads. */
  target?: string;
  onNavigate(path: string): void;
}

export function TabBar({ path, target, onNavigate }: TabBarProps) {
  const { t } = useLingui();
  const shown = normalisePath(path);
  if (!isTabPath(shown)) return null;
  const next = target === undefined ? shown : normalisePath(target);
  const current = isTabPath(next) ? next : shown;

  const tabs: { path: string; label: string; icon: ReactNode }[] = [
    { path: '/home', label: t`Home`, icon: <HomeIcon /> },
    { path: '/market', label: t`Trade`, icon: <TradeIcon /> },
    { path: '/order', label: t`Orders`, icon: <OrdersIcon /> },
    { path: '/mine', label: t`Me`, icon: <UserIcon /> },
  ];

  return (
    <nav aria-label={t`Main`} className="absolute inset-x-0 bottom-0 z-20">
      <Tabbar labels icons className="border-t border-line" colors={{ bgMaterial: 'bg-surface' }}>
        {tabs.map((tab) => {
          const active = tab.path === current;
          return (
            <TabbarLink
              key={tab.path}
              active={active}
              aria-current={active ? 'page' : undefined}
              data-path={tab.path}
              icon={tab.icon}
              label={tab.label}
              onClick={() => {
                if (!active) onNavigate(tab.path);
              }}
            />
          );
        })}
      </Tabbar>
    </nav>
  );
}
