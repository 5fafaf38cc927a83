/**
 * A screen's route in one line: its path, component and static facts (title, back target, tab)
 * under the members-only layout, with an optional loader that puts the screen's first data in
 * the query cache. Routes with typed search params are written out with createRoute.
 */
import type { MessageDescriptor } from '@lingui/core';
import { createRoute, type RouteComponent } from '@tanstack/react-router';
import { membersRoute, type RouterContext } from './layouts';

export interface ScreenOptions {
  title: MessageDescriptor;
  /** Where back goes without in-app history. */
  back?: string;
  tab?: boolean;
  loader?: (context: RouterContext) => Promise<void>;
}

export function memberScreen<P extends string>(path: P, component: RouteComponent, { title, back, tab, loader }: ScreenOptions) {
  return createRoute({
    getParentRoute: () => membersRoute,
    path,
    staticData: { title, back, tab },
    loader: loader ? ({ context }) => loader(context) : undefined,
    component,
  });
}
