import type { AdminRemoteRoutes } from '@prometrica/shared-api';
import { LoginScreen } from '../features/login';
import { sectionScreen } from '../lib/section-screen';
import { layout, preloadDashboard, sectionsSettled } from '../preload';

// The login ships in the exposed chunk; the dashboard layout loads after sign-in (or, for a
// `/dashboard` address, as soon as the shell has this module) and each of its sections (tables,
// forms, the overview's charts) in a chunk of its own.
const routes: AdminRemoteRoutes = {
  screens: {
    login: LoginScreen,
    dashboard: sectionScreen(layout, (module) => module.default),
  },
  preload: (pathname) => sectionsSettled(preloadDashboard(pathname)),
};

export default routes;
