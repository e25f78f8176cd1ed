import {
  changePasswordBodySchema,
  createUserBodySchema,
  messageResponseSchema,
  updateUserBodySchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { actorOf, auditedCreate, auditedRowChange, record } from '../audit/service';
import { currentAccount, currentAccountSession } from '../../plugins/auth';
import { asSecretAttempt } from '../rate-limits/service';
import {
  changePassword,
  checkNewPasswordOf,
  createAccount,
  deleteAccount,
  listAccounts,
  updateAccount,
} from './service';

const { route, create, list, editById, deleteById } = routeGroup({ tag: 'users', access: access.admins });

/** Account management (admins) and the signed-in account's password. */
export const userRoutes = [
  create({
    url: '/admin/createuser',
    summary: 'Create an account (only a superadmin creates an admin)',
    body: createUserBodySchema,
    response: userResponseSchema,
    errors: [400, 401, 403, 409],
    handler: ({ app, request, body }) =>
      auditedCreate(
        app,
        actorOf(request),
        { action: 'user.create', table: 'users', targetType: 'user' },
        (reply) => [reply.user._id],
        () => createAccount(app, currentAccount(request), body),
      ),
  }),
  list({
    url: '/admin/getallusers',
    summary: 'List accounts, newest first; search matches name, email or role',
    query: userListQuerySchema,
    response: userListResponseSchema,
    handler: ({ app, query }) => listAccounts(app, query.search),
  }),
  editById({
    url: '/admin/updateuser/:id',
    summary:
      "Change an account's name, email, phone and role (an admin: their own account and users' only; another admin's or a superadmin's takes a superadmin)",
    body: updateUserBodySchema,
    response: userResponseSchema,
    errors: [400, 401, 403, 404, 409],
    handler: ({ app, request, params, body }) =>
      auditedRowChange(
        app,
        actorOf(request),
        { action: 'user.edit', table: 'users', targetType: 'user', id: params.id },
        () => updateAccount(app, currentAccount(request), params.id, body, currentAccountSession(request)),
      ),
  }),
  deleteById({
    url: '/admin/deleteuser/:id',
    summary: 'Delete an account (not your own, not the last superadmin)',
    response: userResponseSchema,
    errors: [400, 401, 403, 404, 409],
    handler: ({ app, request, params }) =>
      auditedRowChange(
        app,
        actorOf(request),
        { action: 'user.delete', table: 'users', targetType: 'user', id: params.id },
        () => deleteAccount(app, currentAccount(request), params.id),
      ),
  }),
  route({
    method: 'POST',
    url: '/user/change-password',
    tag: 'auth',
    summary:
      "Change the signed-in account's password (the current one is required); after 5 wrong current " +
      'passwords in 15 minutes from one address or for one account, further attempts get 429 until the ' +
      'window ends (see Retry-After); 503 with Retry-After when too many passwords are being checked',
    access: access.signedIn,
    body: changePasswordBodySchema,
    response: messageResponseSchema,
    errors: [400, 401, 429, 503],
    handler: async ({ app, request, body }) => {
      checkNewPasswordOf(currentAccount(request), body.newPassword);
      const changed = await asSecretAttempt(
        app.rateLimiter.startPasswordChange(request.ip, currentAccount(request).id),
        () => changePassword(app, currentAccount(request), body, currentAccountSession(request)),
      );
      const id = currentAccount(request).id;
      await record(app.db, actorOf(request), { action: 'user.password-change', targetType: 'user', targetId: id });
      return changed;
    },
  }),
];
