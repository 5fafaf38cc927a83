/**
 * The bottom tab bar: home, trade, orders, mine. Shown on those four paths only; the
 * current tab is highlighted; tapping the tab you are on does nothing (no duplicate history entry,
 * no reload of the kept view). The support button is docked at its end (`end`), in the bar's own
 * row, so it never floats over a screen's content.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { HomeIcon, OrdersIcon, TradeIcon, UserIcon } from '../ui/icons';
import { isTabPath, normalisePath } from './paths';

export interface TabBarProps {
  /** The path on screen: the bar shows on the four tab paths only. */
  path: string;
  /** The path being opened, when it differs: a tab tapped is highlighted before its screen loads. */
  target?: string;
  onNavigate(path: string): void;
  /** Docked after the tabs, in the bar's row: the support button. */
  end?: ReactNode;
}

export function TabBar({ path, target, onNavigate, end }: TabBarProps) {
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

  // Konsta's Material tab bar (Tabbar, TabbarLink), written out (docs/architecture.md, "What the first screen runs"): it is on the
  // first screen.
  return (
    <nav aria-label={t`Main`} className="absolute inset-x-0 bottom-0 z-20">
      <div className="k-toolbar relative z-20 w-full border-t border-line pb-safe">
        <div className="absolute top-0 left-0 h-full w-full bg-surface" />
        <div className="relative flex h-20 w-full items-center justify-between overflow-hidden">
          {tabs.map((tab) => {
            const active = tab.path === current;
            return (
              <a
                key={tab.path}
                role="link"
                tabIndex={0}
                aria-current={active ? 'page' : undefined}
                data-path={tab.path}
                className={`k-link relative z-10 inline-flex h-full max-h-12 w-full cursor-pointer items-center justify-center gap-1 px-1 text-sm font-medium transition-colors duration-300 select-none${active ? ' k-tabbar-link-active' : ''}`}
                onClick={() => {
                  if (!active) onNavigate(tab.path);
                }}
                onKeyDown={(event) => {
                  if ((event.key === 'Enter' || event.key === ' ') && !active) {
                    event.preventDefault();
                    onNavigate(tab.path);
                  }
                }}
              >
                <span
                  className={`flex h-full flex-col items-center justify-center gap-1 py-2 ${active ? 'text-md-light-on-secondary-container' : 'text-md-light-on-surface-variant'}`}
                >
                  <span className="k-tabbar-link-icon relative flex h-8 w-16 items-center justify-center rounded-full">
                    <span
                      className={`pointer-events-none absolute top-0 left-0 -z-10 h-full w-full rounded-full duration-200 ${active ? 'bg-md-light-secondary-container' : 'scale-x-[0.5] opacity-0'}`}
                    />
                    {tab.icon}
                  </span>
                  <span className="text-xs font-medium">{tab.label}</span>
                </span>
              </a>
            );
          })}
          {end ? <div className="flex shrink-0 items-center pe-4 ps-1">{end}</div> : null}
        </div>
      </div>
    </nav>
  );
}
