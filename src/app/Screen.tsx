/**
 * The frame of every screen but the auth pages: a navbar with the translated title of the
 * path (from the screen table) and a back button, then the scrolling content.
 */
import { useLingui } from '@lingui/react/macro';
import { Navbar, NavbarBackLink, Page } from 'konsta/react';
import type { ReactNode } from 'react';
import type { ScreenPath } from './routes';
import { useGoBack } from './useGoBack';
import { useScreenTitle } from './useScreenTitle';

export interface ScreenProps {
  path: ScreenPath;
  /** Tab screens have no back button; everything else does. */
  back?: boolean;
  /** Where back goes when there is no in-app history (opened by link, reloaded). */
  backFallback?: string;
  /** Actions at the end of the navbar. */
  right?: ReactNode;
  /** Leaves room for the tab bar under the content. */
  tabbar?: boolean;
  children: ReactNode;
}

export function Screen({ path, back = true, backFallback, right, tabbar = false, children }: ScreenProps) {
  const { t } = useLingui();
  const title = useScreenTitle(path) ?? '';
  const goBack = useGoBack(backFallback);
  return (
    <Page colors={{ bgMaterial: 'bg-canvas', bgIos: 'bg-canvas' }}>
      <Navbar
        title={title}
        centerTitle
        colors={{ bgMaterial: 'bg-canvas', bgIos: 'bg-canvas' }}
        left={back ? <NavbarBackLink onClick={goBack} showText={false} aria-label={t`Back`} /> : undefined}
        right={right}
      />
      <div className={tabbar ? 'pb-[calc(var(--k-safe-area-bottom)+7rem)]' : 'pb-[calc(var(--k-safe-area-bottom)+5rem)]'}>{children}</div>
    </Page>
  );
}
