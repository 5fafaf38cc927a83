/** Home: the first screen, open to visitors (part of the first chunk, kept alive as a tab). */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/layouts';
import HomeScreen from './HomeScreen';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/home',
  staticData: { title: msg`Home`, tab: true },
  component: HomeScreen,
});
