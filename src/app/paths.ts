/** Pure facts about app paths, for code that has only a path string (the tab bar, transitions). */
import { TAB_PATHS } from '../domain/constants';

/** "/mine/" and "/mine" are the same screen. */
export function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The bottom tab bar belongs to these four paths only. */
export function isTabPath(path: string): path is (typeof TAB_PATHS)[number] {
  return (TAB_PATHS as readonly string[]).includes(normalisePath(path));
}

export function isAuthPath(path: string): boolean {
  return normalisePath(path).startsWith('/auth/');
}
