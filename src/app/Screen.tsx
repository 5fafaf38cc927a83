/**
 * The frame of every screen but the auth pages: a navbar with the translated title of the
 * route on display (its staticData) and a back button, then the scrolling content.
 */
import { useLingui } from '@lingui/react/macro';
import { Navbar, NavbarBackLink, Page } from 'konsta/react';
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
