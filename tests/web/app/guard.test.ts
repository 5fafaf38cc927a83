import { describe, expect, it } from 'vitest';
import { cancelTarget, guardDecision, isTabPath, loginHref, postLoginTarget } from '../../../src/app/guard';
import { splitHref } from '../../../src/app/navigation';
import { SCREENS } from '../../../src/app/routes';

describe('guardDecision', () => {
  it('lets a visitor open exactly the five public paths', () => {
    for (const path of ['/home', '/auth/login', '/auth/register', '/auth/forgot', '/setting/language']) {
      expect(guardDecision(path, false), path).toBe('allow');
    }
  });

  it('asks a visitor to log in for every other screen, tabs included', () => {
    for (const path of ['/market', '/order', '/mine', '/mine/profile', '/setting', '/withdraw/index22', '/assets/components/withdarw']) {
      expect(guardDecision(path, false), path).toBe('ask-login');
    }
  });

  it('treats a trailing slash as the same screen', () => {
    expect(guardDecision('/home/', false)).toBe('allow');
    expect(guardDecision('/mine/', false)).toBe('ask-login');
  });

  it('lets a signed-in user open every screen', () => {
    for (const { path } of SCREENS) expect(guardDecision(path, true), path).toBe('allow');
  });

  it('does not ask for login on addresses that are no screen (they redirect or show not found)', () => {
    expect(guardDecision('/', false)).toBe('allow');
    expect(guardDecision('/auth/login11', false)).toBe('allow');
    expect(guardDecision('/no/such/page', false)).toBe('allow');
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
});

describe('the screen table', () => {
  it('has every route of SPEC §2, once', () => {
    const paths = SCREENS.map((screen) => screen.path);
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
  });
});
