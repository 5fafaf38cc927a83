/**
 * Screens of areas still being built (loans): each
 * has its route and title, and shows the one honest "coming soon" screen. A feature that is
 * built takes its routes from here into its own folder.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { lazyRouteComponent } from '@tanstack/react-router';
import { memberScreen } from './screenRoute';

/** In its own chunk: the first screen never shows it. */
const ComingSoonScreen = lazyRouteComponent(() => import('./ComingSoonScreen'), 'ComingSoonScreen');

const comingSoon = <P extends string>(path: P, title: MessageDescriptor, tab = false) => memberScreen(path, ComingSoonScreen, { title, tab });

export const comingSoonRoutes = [
  comingSoon('/loan', msg`Platform loan`),
  comingSoon('/loan/apply-loan', msg`Apply for a loan`),
  comingSoon('/loan/components/article', msg`Loan terms`),
  comingSoon('/loan/loan-detail', msg`Loan details`),
  comingSoon('/loan/my-loan', msg`My loans`),
] as const;
