/**
 * The root of every screen: the kept tab views or the current screen with its
 * slide transition, the tab bar on the four tab paths, the support button on every screen outside
 * the auth area (docked in the tab bar on a tab screen, at the end of the navbar elsewhere: never
 * over the content, see SupportButton.tsx), and the document title.
 */
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { KeptTabs } from './KeptTabs';
import { isTabPath, normalisePath } from './paths';
import { SupportButton } from './SupportButton';
import { TabBar } from './TabBar';
import { transitionClass, useScreenTransition } from './transition';
import { useScreenStatic, useScreenTitle } from '../ui/useScreenTitle';
import { NavbarEndContext } from '../ui/navbarEnd';

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
  const openSupport = () => void navigate({ to: SERVICE_PATH });
  const support = !auth && path !== SERVICE_PATH;
  useDocumentTitle();

  return (
    <div className={auth ? 'relative h-full w-full' : 'app-column relative mx-auto h-full w-full max-w-md overflow-hidden'}>
      <KeptTabs current={tab ? path : null} transition={transition} />
      {tab ? null : (
        <div key={path} className={`absolute inset-0 ${transitionClass(transition)}`}>
          <NavbarEndContext value={support ? <SupportButton place="navbar" onOpen={openSupport} /> : null}>
            <Outlet />
          </NavbarEndContext>
        </div>
      )}
      <TabBar
        path={path}
        target={normalisePath(target)}
        onNavigate={(to) => void navigate({ to })}
        end={support ? <SupportButton place="tabbar" onOpen={openSupport} /> : null}
      />
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
