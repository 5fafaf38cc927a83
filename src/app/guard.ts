/**
 * The route guard's decisions (SPEC §2, §6), kept pure so they are tested without a router:
 * who may open which path, where "Go to login" leads, where "Cancel" leaves the visitor, and
 * where a successful login continues.
 */
import { PUBLIC_PATHS, TAB_PATHS } from '../domain/constants';
import { ALIASES, isAuthPath, normalisePath, screenFor } from './routes';

export type GuardDecision = 'allow' | 'ask-login';

const LOGIN_PATH = '/auth/login';
const HOME_PATH = '/home';

/**
 * A visitor may open the public paths; everything else needs a stored token. Paths that are no
 * screen at all (aliases, unknown addresses) pass, so they can redirect or show "not found"
 * instead of asking someone to log in for a page that does not exist.
 */
export function guardDecision(path: string, hasToken: boolean): GuardDecision {
  const normal = normalisePath(path);
  if (hasToken) return 'allow';
  if ((PUBLIC_PATHS as readonly string[]).includes(normal)) return 'allow';
  if (normal in ALIASES || !screenFor(normal)) return 'allow';
  return 'ask-login';
}

/** Where "Go to login" leads: the login page, told where to come back to. */
export function loginHref(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
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

/** The bottom tab bar appears on these four paths only (SPEC §2). */
export function isTabPath(path: string): path is (typeof TAB_PATHS)[number] {
  return (TAB_PATHS as readonly string[]).includes(normalisePath(path));
}
