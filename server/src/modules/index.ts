import type { FastifyPluginAsync } from 'fastify';
import { registerRoute, type ApiRoute } from '../lib/route-table';
import { agreementRoutes } from './agreements/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { categoryRoutes } from './categories/routes';
import { concernRatingRoutes } from './concern-ratings/routes';
import { concernRoutes } from './concerns/routes';
import { docsRoutes } from './docs/routes';
import { exportRoutes } from './exports/routes';
import { healthRoutes } from './health/routes';
import { insightRoutes } from './insights/routes';
import { invitationRoutes } from './invitations/routes';
import { participantDataRoutes } from './participant-data/routes';
import { progressRoutes } from './progress/routes';
import { questionRoutes } from './questions/routes';
import { quizRoutes } from './quiz/routes';
import { reportRoutes } from './reports/routes';
import { resultRoutes } from './results/routes';
import { secondFactorRoutes } from './second-factor/routes';
import { sessionRoutes } from './sessions/routes';
import { statsRoutes } from './stats/routes';
import { userRoutes } from './users/routes';

/**
 * Every `/api` call, in one table that both the registration below and the API reference
 * (`/api/docs`) read, so the two cannot drift. A new module adds its routes here.
 */
export const apiRouteTable: readonly ApiRoute[] = [
  ...healthRoutes,
  ...authRoutes,
  ...userRoutes,
  ...quizRoutes,
  ...progressRoutes,
  ...agreementRoutes,
  ...questionRoutes,
  ...categoryRoutes,
  ...resultRoutes,
  ...reportRoutes,
  ...exportRoutes,
  ...concernRoutes,
  ...concernRatingRoutes,
  ...statsRoutes,
  ...insightRoutes,
  ...invitationRoutes,
  ...participantDataRoutes,
  ...secondFactorRoutes,
  ...auditRoutes,
  // Last: signing out ends the session of the token the fuzz tests use for the routes before it.
  ...sessionRoutes,
];

/** Registers the table under the `/api` prefix, plus the reference generated from it. */
export const apiRoutes: FastifyPluginAsync = async (api) => {
  for (const route of apiRouteTable) registerRoute(api, route);
  await api.register(docsRoutes, { routes: apiRouteTable });
};
