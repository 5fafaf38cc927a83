/** The console's root route, with the role a page is for declared on each route. */
import { createRootRoute, Outlet } from '@tanstack/react-router';
import type { OperatorRole } from '../../domain/operators';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The least operator role a console page is for. */
    role?: OperatorRole;
  }
}

export const rootRoute = createRootRoute({ component: Outlet });
