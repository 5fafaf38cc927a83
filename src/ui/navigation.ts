import type { LinkProps } from '@tanstack/react-router';
/**
 * Navigation by app-relative href ("/auth/login?redirect=%2Fmine"), for code that only has a
 * string: the API client's handlers, the guard, the post-login redirect. The router is given
 * the path and the search separately, so the base path /h5 is added exactly once.
 */
export interface HrefParts {
  to: string;
  search: Record<string, string>;
  hash: string;
}

export function splitHref(href: string): HrefParts {
  const url = new URL(href, 'https://tessera.invalid');
  return { to: url.pathname, search: Object.fromEntries(url.searchParams), hash: url.hash.replace(/^#/, '') };
}

/** A path of this app's routes, checked by the compiler against the route tree. */
export type AppPath = NonNullable<LinkProps['to']>;
