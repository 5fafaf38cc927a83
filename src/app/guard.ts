/**
 * The route guard's decisions, kept pure so they are tested without a router: where "Go to
 * login" leads, where "Cancel" leaves the visitor, and where a successful login continues. Who
 * may open what is the route tree's shape: members-only routes hang from `membersRoute`.
 */
import { isAuthPath } from './paths';

const LOGIN_PATH = '/auth/login';
const HOME_PATH = '/home';

/** Where "Go to login" leads: the login page, told where to come back to. */
export function loginHref(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * Whether the guard asks before leaving for the login page. Only when a screen of the app is on
 * view behind the question (a tap inside the app): a link opened from outside (`/coin` shared in
 * a message, a bookmark, a reload) has nothing behind it, so it goes straight to the login page,
 * which comes back to the screen asked for.
 */
export function asksBeforeLogin(shownHref: string | null | undefined): boolean {
  return Boolean(shownHref);
}

/** Where "Cancel" leaves the visitor: the page they came from, else home. */
export function cancelTarget(previousPath: string | null | undefined): string {
  return previousPath ? previousPath : HOME_PATH;
}

/**
 * Where to continue after login. Only a path of this app is followed: an absolute or
 * protocol-relative URL ("https://evil.example", "//evil.example", "/\\evil.example") would turn
 * the login page into a phishing springboard, so anything else goes home.
 */
export function postLoginTarget(redirect: unknown): string {
  if (typeof redirect !== 'string' || !redirect.startsWith('/')) return HOME_PATH;
  if (redirect.startsWith('//') || redirect.startsWith('/\\')) return HOME_PATH;
  let url: URL;
  try {
    url = new URL(redirect, 'https://tessera.invalid');
  } catch {
    return HOME_PATH;
  }
  if (url.origin !== 'https://tessera.invalid') return HOME_PATH;
  // Back to the login form (or another auth page) after logging in would be a loop.
  if (isAuthPath(url.pathname)) return HOME_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}
