/** The content pages: about us, help centre, company profile, platform introduction, the trading guide. */
import { msg } from '@lingui/core/macro';
import { createRoute } from '@tanstack/react-router';
import { membersRoute } from '../../app/layouts';
import { lazyScreen } from '../../app/lazyScreen';
import { memberScreen } from '../../app/screenRoute';
import { idSearch, listWithoutId } from '../../app/search';

const page = (name: 'AboutScreen' | 'HelpScreen' | 'CompanyScreen' | 'IntroScreen' | 'TutorialScreen') => lazyScreen(() => import('./pages'), name);

export const contentRoutes = [
  memberScreen('/setting/about', page('AboutScreen'), { title: msg`About us`, back: '/setting' }),
  memberScreen('/setting/help', page('HelpScreen'), { title: msg`Help centre`, back: '/setting' }),
  memberScreen('/setting/company', page('CompanyScreen'), { title: msg`Company profile`, back: '/setting' }),
  memberScreen('/mine/platform-intro', page('IntroScreen'), { title: msg`Platform intro`, back: '/mine' }),
  memberScreen('/home/tutorial', lazyScreen(() => import('./TutorialsScreen')), { title: msg`Trading guide`, back: '/home' }),
  createRoute({
    getParentRoute: () => membersRoute,
    path: '/home/tutorial-detail',
    staticData: { title: msg`Guide`, back: '/home/tutorial' },
    // The tutorial's id.
    validateSearch: idSearch,
    beforeLoad: listWithoutId('/home/tutorial'),
    component: page('TutorialScreen'),
  }),
] as const;
