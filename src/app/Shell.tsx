/**
 * The root of every screen: the kept tab views or the current screen with its
 * slide transition, the tab bar on the four tab paths, the floating support button on every
 * screen outside the auth area, and the document title.
 */
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { openOverlaysAtom } from '../ui/overlays';
import { KeptTabs } from './KeptTabs';
import { isTabPath, normalisePath } from './paths';
import { SupportButton, useSupportButtonPlacement } from './SupportButton';
import { TabBar } from './TabBar';
import { transitionClass, useScreenTransition } from './transition';
import { useScreenStatic, useScreenTitle } from '../ui/useScreenTitle';

const SERVICE_PATH = '/home/service';

export function Shell() {
  // The location on screen, not the one being loaded: while the guard asks or a screen's code
  // loads, the page the user came from stays visible underneath.
  const location = useRouterState({ select: (state) => state.resolvedLocation ?? state.location });
  // Where the user is going: the tab they tapped lights up at once, before its screen has loaded.
  const target = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const historyIndex = location.state.__TSR_index ?? 0;
  const path = normalisePath(location.pathname);
  const { tab: tabRoute = false, auth = false } = useScreenStatic();
  // A tab's view only on the tab's own address: below it (/mine/whatever) is "page not found".
  const tab = tabRoute && isTabPath(path);
  const transition = useScreenTransition(path, historyIndex);
  const support = useSupportButtonPlacement(path);
  const overlays = useAtomValue(openOverlaysAtom);
  useDocumentTitle();

  return (
    <div className={auth ? 'relative h-full w-full' : 'app-column relative mx-auto h-full w-full max-w-md overflow-hidden'}>
      <KeptTabs current={tab ? path : null} transition={transition} />
      {tab ? null : (
        <div key={path} className={`absolute inset-0 ${transitionClass(transition)}`}>
          <Outlet />
        </div>
      )}
      <TabBar path={path} target={normalisePath(target)} onNavigate={(to) => void navigate({ to })} />
      {auth || path === SERVICE_PATH ? null : (
        <SupportButton raised={tab} tucked={support.tucked || overlays > 0} homeRef={support.homeRef} onOpen={() => void navigate({ to: SERVICE_PATH })} />
      )}
    </div>
  );
}

function useDocumentTitle(): void {
  const { t } = useLingui();
  const title = useScreenTitle() ?? t`Page not found`;
  useEffect(() => {
    document.title = `${title} · Tessera`;
  }, [title]);
}
