import { lazy } from 'react';
import type { AdminRemoteRoutes } from '@prometrica/shared-api';
import { LoginScreen } from '../features/login';

// The login ships in the exposed chunk; the dashboard layout loads after sign-in and each of its
// sections (tables, forms, the overview's charts) in a chunk of its own.
const routes: AdminRemoteRoutes = {
  screens: {
    login: LoginScreen,
    dashboard: lazy(() => import('../routes')),
  },
};

export default routes;
