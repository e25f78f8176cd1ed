import { accountSessionListResponseSchema, messageResponseSchema } from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { currentAccount, currentAccountSession } from '../../plugins/auth';
import { endOwnSession, listOwnSessions, signOut } from './service';

const { route, list, deleteById } = routeGroup({ tag: 'sessions', access: access.signedIn });

/**
 * The signed-in account's sessions: its list, ending one, and signing out. Signing out comes last:
 * the route table's order is the order the fuzz tests call them in, with tokens they keep using.
 */
export const sessionRoutes = [
  list({
    url: '/auth/sessions',
    summary:
      "The signed-in account's open sessions (browser, address, started, last seen to the minute), the current one first",
    response: accountSessionListResponseSchema,
    handler: ({ app, request }) => listOwnSessions(app.db, currentAccount(request).id, currentAccountSession(request)),
  }),
  deleteById({
    url: '/auth/sessions/:id',
    summary:
      "End one of the signed-in account's sessions: its token gets 401 from then on, on every server process; 404 for an id that is not one of them",
    response: messageResponseSchema,
    handler: ({ app, request, params }) => endOwnSession(app.db, currentAccount(request).id, params.id),
  }),
  route({
    method: 'POST',
    url: '/auth/logout',
    access: access.signedInEnrolling,
    summary: 'Sign out: ends the session of the token the call is made with (its token gets 401 from then on)',
    response: messageResponseSchema,
    errors: [401],
    handler: ({ app, request }) => signOut(app.db, currentAccount(request).id, currentAccountSession(request)),
  }),
];
