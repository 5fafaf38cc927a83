/**
 * The frame of every screen but the auth pages: a navbar with the translated title of the
 * route on display (its staticData) and a back button, then the scrolling content.
 *
 * Konsta's Page and Navbar (Material, centred title, our canvas colour), written out
 * (konstaMarkup.ts): Me is a first screen. A plain navbar (neither large nor transparent) has no
 * scroll behaviour, so the markup is all there is to it.
 */
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useGoBack } from './useGoBack';
import { useScreenStatic, useScreenTitle } from './useScreenTitle';

export interface ScreenProps {
  /** Tab screens have no back button; everything else does. */
  back?: boolean;
  /** Actions at the end of the navbar. */
  right?: ReactNode;
  /** Leaves room for the tab bar under the content. */
  tabbar?: boolean;
  children: ReactNode;
}

export function Screen({ back = true, right, tabbar = false, children }: ScreenProps) {
  const { t } = useLingui();
  const title = useScreenTitle() ?? '';
  // Where back goes without in-app history (opened by link, reloaded): the route says.
  const goBack = useGoBack(useScreenStatic().back);
  return (
    <div className="k-page absolute top-0 left-0 h-full w-full overflow-auto bg-canvas">
      <div className="k-navbar pt-safe sticky top-0 z-20 w-full text-[16px] text-md-light-on-surface dark:text-md-dark-on-surface">
        <div className="absolute top-0 left-0 h-full w-full bg-canvas" />
        <div className="pl-safe pr-safe relative flex h-16 w-full items-center justify-start overflow-hidden">
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
          <div className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 transform-gpu text-center text-xl font-semibold tracking-tight whitespace-nowrap text-ink">
            {title}
          </div>
          {right ? <div className="k-glass ms-auto me-1 flex h-full items-center justify-center">{right}</div> : null}
        </div>
      </div>
      <div className={tabbar ? 'pb-[calc(var(--k-safe-area-bottom)+7rem)]' : 'pb-[calc(var(--k-safe-area-bottom)+5rem)]'}>{children}</div>
    </div>
  );
}
