import { describe, expect, it } from 'vitest';
import { getDefaultStore } from 'jotai';
import { asksBeforeLogin, cancelTarget, loginHref, postLoginTarget } from '../../../src/app/guard';
import { membersRoute } from '../../../src/app/layouts';
import { splitHref } from '../../../src/ui/navigation';
import { isTabPath } from '../../../src/app/paths';
import { router } from '../../../src/app/router';
import { tokenAtom } from '../../../src/storage/session';

/** The route ids a path matches, root first; members-only screens pass through the members layout. */
const matchedIds = (path: string) => router.matchRoutes(path).map((match) => match.routeId as string);
const membersOnly = (path: string) => matchedIds(path).includes(membersRoute.id);
/** Every screen of the app: the routes with a component of their own (not the layout, not aliases). */
const screenPaths = () =>
  Object.values(router.routesById as Record<string, { fullPath: string; options: { component?: unknown } }>)
    .filter((route) => route.options.component && route.fullPath !== '/')
    .map((route) => route.fullPath);

describe('who may open what: the members-only layout', () => {
  it('lets a visitor open exactly the public screens: home, the way in, the language, the news and the proof of liabilities', () => {
    const open = screenPaths().filter((path) => !membersOnly(path));
    expect(open.sort()).toEqual(['/auth/forgot', '/auth/login', '/auth/register', '/home', '/liabilities', '/news', '/news/detail', '/setting/language']);
  });

  it('asks a visitor to log in for every other screen, tabs included', () => {
    for (const path of ['/market', '/order', '/mine', '/mine/profile', '/setting', '/withdraw/index22', '/assets/components/withdarw']) {
      expect(membersOnly(path), path).toBe(true);
    }
  });

  it('treats a trailing slash as the same screen', () => {
    expect(membersOnly('/home/')).toBe(false);
    expect(membersOnly('/mine/')).toBe(true);
  });

  it('lets a signed-in user through without asking', async () => {
    getDefaultStore().set(tokenAtom, 'tok_test');
    try {
      const beforeLoad = membersRoute.options.beforeLoad as (context: unknown) => Promise<unknown>;
      await expect(beforeLoad({ location: { href: '/mine' }, preload: false, context: {} })).resolves.toBeUndefined();
    } finally {
      getDefaultStore().set(tokenAtom, null);
    }
  });

  it('sends a visitor who opened a link from outside straight to the login page, with the way back', async () => {
    const beforeLoad = membersRoute.options.beforeLoad as (context: unknown) => Promise<unknown>;
    const thrown = await beforeLoad({ location: { href: '/coin?symbol=btcusdt' }, preload: false, context: { shownHref: () => undefined } }).then(
      () => null,
      (reason: unknown) => reason,
    );
    expect((thrown as { options?: unknown } | null)?.options).toMatchObject({
      to: '/auth/login',
      search: { redirect: '/coin?symbol=btcusdt' },
      replace: true,
    });
  });

  it('does not ask for login on addresses that are no screen (they redirect or show not found)', () => {
    expect(membersOnly('/')).toBe(false);
    expect(membersOnly('/auth/login11')).toBe(false);
    expect(membersOnly('/no/such/page')).toBe(false);
  });
});

describe('loginHref', () => {
  it('carries the full path, query included, encoded as one parameter', () => {
    expect(loginHref('/mine')).toBe('/auth/login?redirect=%2Fmine');
    const href = loginHref('/withdraw/records?page=2&status=done');
    expect(href).toBe('/auth/login?redirect=%2Fwithdraw%2Frecords%3Fpage%3D2%26status%3Ddone');
    expect(splitHref(href)).toEqual({ to: '/auth/login', search: { redirect: '/withdraw/records?page=2&status=done' }, hash: '' });
  });
});

describe('asksBeforeLogin', () => {
  it('asks only when a screen of the app is on view behind the question', () => {
    expect(asksBeforeLogin('/home')).toBe(true);
    expect(asksBeforeLogin(undefined)).toBe(false);
    expect(asksBeforeLogin(null)).toBe(false);
    expect(asksBeforeLogin('')).toBe(false);
  });
});

describe('a screen of one record opened without its id', () => {
  /** Where the route sends `url` before it loads: the redirect's target, or null when it opens. */
  const sentFrom = (url: string) => {
    const [pathname, query = ''] = url.split('?');
    const match = router.matchRoutes(pathname, router.options.parseSearch(`?${query}`)).at(-1)!;
    const route = router.routesById[match.routeId as keyof typeof router.routesById] as { options: { beforeLoad?: (context: unknown) => unknown } };
    try {
      route.options.beforeLoad?.({ search: match.search });
      return null;
    } catch (thrown) {
      return (thrown as { options: { to: string; replace?: boolean } }).options;
    }
  };

  it('goes to the list where the user picks one (a cut or stale link)', () => {
    expect(sentFrom('/home/tutorial-detail')).toMatchObject({ to: '/home/tutorial', replace: true });
    expect(sentFrom('/home/tutorial-detail?id=abc')).toMatchObject({ to: '/home/tutorial' });
    expect(sentFrom('/loan/loan-detail')).toMatchObject({ to: '/loan/my-loan', replace: true });
    expect(sentFrom('/loan/loan-detail?id=0')).toMatchObject({ to: '/loan/my-loan' });
    expect(sentFrom('/news/detail?id=')).toMatchObject({ to: '/news' });
  });

  it('opens with an id', () => {
    expect(sentFrom('/home/tutorial-detail?id=41')).toBeNull();
    expect(sentFrom('/loan/loan-detail?id=4')).toBeNull();
    expect(sentFrom('/news/detail?id=7')).toBeNull();
  });
});

describe('cancelTarget', () => {
  it('stays on the previous page when there was one', () => {
    expect(cancelTarget('/home?tab=news')).toBe('/home?tab=news');
  });

  it('goes home on a first visit', () => {
    expect(cancelTarget(undefined)).toBe('/home');
    expect(cancelTarget(null)).toBe('/home');
    expect(cancelTarget('')).toBe('/home');
  });
});

describe('postLoginTarget', () => {
  it('continues to a path of this app, with its query and hash', () => {
    expect(postLoginTarget('/mine/profile')).toBe('/mine/profile');
    expect(postLoginTarget('/withdraw/records?page=2#top')).toBe('/withdraw/records?page=2#top');
  });

  it('goes home without a target', () => {
    expect(postLoginTarget(undefined)).toBe('/home');
    expect(postLoginTarget('')).toBe('/home');
    expect(postLoginTarget(42)).toBe('/home');
  });

  it('refuses absolute and protocol-relative URLs (no open redirect)', () => {
    for (const target of [
      'https://evil.example/phish',
      'http://evil.example',
      '//evil.example/path',
      '/\\evil.example',
      'javascript:alert(1)',
      'evil.example/mine',
      ' /mine',
    ]) {
      expect(postLoginTarget(target), target).toBe('/home');
    }
  });

  it('does not send a user who just logged in back to an auth page', () => {
    expect(postLoginTarget('/auth/login?redirect=%2Fmine')).toBe('/home');
    expect(postLoginTarget('/auth/register')).toBe('/home');
  });
});

describe('isTabPath', () => {
  it('knows the four tab paths and nothing else', () => {
    expect(['/home', '/market', '/order', '/mine'].every((path) => isTabPath(path))).toBe(true);
    expect(['/home/service', '/mine/profile', '/', '/orders'].some((path) => isTabPath(path))).toBe(false);
  });

  it('agrees with the routes the shell keeps alive as tabs', () => {
    const tabs = Object.values(router.routesById as Record<string, { fullPath: string; options: { staticData?: { tab?: boolean } } }>)
      .filter((route) => route.options.staticData?.tab)
      .map((route) => route.fullPath);
    expect(tabs.sort()).toEqual(['/home', '/market', '/mine', '/order']);
  });
});

describe('the route tree', () => {
  it('has every route of the product, once, each with a title', () => {
    const paths = screenPaths();
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/auth/login', '/auth/register', '/auth/forgot', '/assets', '/assets/assets-log', '/assets/components/recharge',
      '/assets/components/withdarw', '/coin', '/home', '/home/service', '/home/tutorial', '/home/tutorial-detail', '/level',
      '/loan', '/loan/apply-loan', '/loan/components/article', '/loan/loan-detail', '/loan/my-loan', '/market', '/market/sell',
      '/mine', '/mine/bind', '/mine/components', '/mine/components/transfer', '/mine/my-assets', '/mine/platform-intro',
      '/mine/profile', '/order', '/pledge', '/pledge/do-pledge', '/pledge/records', '/recharge', '/recharge/records',
      '/setting', '/setting/about', '/setting/help', '/setting/language', '/setting/pay-password', '/withdraw',
      '/withdraw/index11', '/withdraw/index22', '/withdraw/records', '/transfer',
    ]) {
      expect(paths, path).toContain(path);
    }
    for (const route of Object.values(router.routesById as Record<string, { fullPath: string; options: { component?: unknown; staticData?: { title?: unknown } } }>)) {
      if (route.options.component && route.fullPath !== '/') expect(route.options.staticData?.title, route.fullPath).toBeTruthy();
    }
  });
});
