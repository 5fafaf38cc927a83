/**
 * The frame of every screen but the auth pages: a navbar with the translated title of the
 * route on display (its staticData), a back button and at its end the screen's action and the
 * frame's (the support button, from NavbarEndContext), then the scrolling content. Nothing floats
 * over the content, so its end needs only a little room — or the tab bar's, on a tab screen.
 *
 * Konsta's Page and Navbar (Material, centred title, our canvas colour), written out
 * (docs/architecture.md, "What the first screen runs"): Me is a first screen. A plain navbar (neither large nor transparent) has no
 * scroll behaviour, so the markup is all there is to it.
 */
import { useLingui } from '@lingui/react/macro';
import { useContext, type ReactNode } from 'react';
import { NavbarEndContext } from './navbarEnd';
import { TITLE } from './title';
import { useGoBack } from './useGoBack';
import { useScreenStatic, useScreenTitle } from './useScreenTitle';

export interface ScreenProps {
  /** Tab screens have no back button; everything else does. */
  back?: boolean;
  /** Actions at the end of the navbar. */
  right?: ReactNode;
  /** Leaves room for the tab bar (and the support button docked in it) under the content. */
  tabbar?: boolean;
  children: ReactNode;
}

export function Screen({ back = true, right, tabbar = false, children }: ScreenProps) {
  const { t } = useLingui();
  const title = useScreenTitle() ?? '';
  // Where back goes without in-app history (opened by link, reloaded): the route says.
  const goBack = useGoBack(useScreenStatic().back);
  // The frame's own action (the support button), after the screen's.
  const end = useContext(NavbarEndContext);
  return (
    <div className="k-page absolute top-0 left-0 h-full w-full overflow-auto bg-canvas">
      <div className="k-navbar pt-safe sticky top-0 z-20 w-full text-[16px] text-md-light-on-surface dark:text-md-dark-on-surface">
        <div className="absolute top-0 left-0 h-full w-full bg-canvas" />
        {/* Back, title, actions: the title is centred while both sides leave it room, and moves over (two lines at most) when they do not. */}
        <div className="pl-safe pr-safe relative grid h-16 w-full grid-cols-[minmax(max-content,1fr)_minmax(0,auto)_minmax(max-content,1fr)] items-center">
          <div className="flex h-full items-center">
            {back ? (
              <div className="k-glass mx-1 flex h-full items-center justify-center">
                <button
                  type="button"
                  onClick={goBack}
                  aria-label={t`Back`}
                  className="k-link k-navbar-back-link relative z-10 inline-flex h-full max-h-12 min-w-12 cursor-pointer items-center justify-center gap-1 rounded-full px-3 select-none active:bg-black/10 dark:active:bg-white/10"
                >
                  <span className="rtl:rotate-180">
                    <svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" fill="currentcolor" aria-hidden="true">
                      <polygon points="16 7 3.83 7 9.42 1.41 8 0 0 8 8 16 9.41 14.59 3.83 9 16 9" />
                    </svg>
                  </span>
                </button>
              </div>
            ) : null}
          </div>
          <div className={`line-clamp-2 px-1 text-center leading-tight text-balance ${TITLE}`}>{title}</div>
          <div className="flex h-full items-center justify-end">
            {right || end ? (
              <div className="k-glass me-1 flex h-full items-center justify-center">
                {right}
                {end}
              </div>
            ) : null}
          </div>
        </div>
      </div>
      <div className={tabbar ? 'pb-[calc(var(--k-safe-area-bottom)+7rem)]' : 'pb-[calc(var(--k-safe-area-bottom)+2rem)]'}>{children}</div>
    </div>
  );
}
