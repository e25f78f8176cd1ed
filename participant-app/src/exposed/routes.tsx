import { lazy } from 'react';
import type { ParticipantRemoteRoutes } from '@prometrica/shared-api';
import { DetailsScreen } from '../features/details';

// The details screen is the first thing most visitors see, so it ships in the exposed chunk;
// every later screen is its own chunk, loaded when reached (the invitation link and resume screens
// too: most visitors never open them).
const routes: ParticipantRemoteRoutes = {
  screens: {
    details: DetailsScreen,
    welcome: lazy(() => import('../features/welcome')),
    consent: lazy(() => import('../features/consent')),
    quiz: lazy(() => import('../features/quiz')),
    submit: lazy(() => import('../features/submit')),
    reports: lazy(() => import('../features/reports')),
    concerns: lazy(() => import('../features/concerns')),
    thankyou: lazy(() => import('../features/thankyou')),
    invite: lazy(() => import('../features/invite')),
    resume: lazy(() => import('../features/resume')),
    reportLink: lazy(() => import('../features/report-link')),
  },
};

export default routes;
