/**
 * The desk: the part of the console behind the sign-in. A page of a feature hangs under
 * `deskRoute` (features/<area>/routes.tsx); app/router.tsx assembles them.
 */
import { createRoute, redirect } from '@tanstack/react-router';
import { sessionQuery } from '../api/session';
import { opsQueryClient } from '../api/query';
import { rootRoute } from './root';
import { Shell } from './Shell';

export const deskRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'desk',
  beforeLoad: async ({ location }) => {
    const session = await opsQueryClient.ensureQueryData(sessionQuery);
    if (!session) throw redirect({ to: '/login', search: { redirect: location.href } });
    return { session };
  },
  component: Shell,
});
