/**
 * Which way the screen change animates: forward slides the new screen in from the end edge
 * (from the right in LTR, from the left in RTL), back from the start edge; switching between
 * tabs only cross-fades, as tab bars do. The CSS lives in src/styles.css.
 */
import { useState } from 'react';
import { isTabPath } from './paths';

export type TransitionKind = 'none' | 'forward' | 'back' | 'fade';

export function transitionBetween(
  from: { path: string; index: number },
  to: { path: string; index: number },
): TransitionKind {
  if (from.path === to.path) return 'none';
  if (isTabPath(from.path) && isTabPath(to.path)) return 'fade';
  return to.index < from.index ? 'back' : 'forward';
}

/** The transition of the latest path change; 'none' for the first screen of a visit. */
export function useScreenTransition(path: string, historyIndex: number): TransitionKind {
  const [state, setState] = useState({ path, index: historyIndex, kind: 'none' as TransitionKind });
  if (state.path !== path) {
    // Derived from the previous render's path: React's "adjust state while rendering" pattern.
    const kind = transitionBetween(state, { path, index: historyIndex });
    setState({ path, index: historyIndex, kind });
    return kind;
  }
  return state.kind;
}

export function transitionClass(kind: TransitionKind): string {
  return kind === 'none' ? '' : `screen-${kind}`;
}
