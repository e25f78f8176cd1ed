import {
  changePasswordBodySchema,
  createUserBodySchema,
  idParamsSchema,
  messageResponseSchema,
  updateUserBodySchema,
  userListQuerySchema,
  userListResponseSchema,
  userResponseSchema,
} from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { checkBodyId } from '../../lib/validation';
import { currentAccount } from '../../plugins/auth';
import { changePassword, createAccount, deleteAccount, listAccounts, updateAccount } from './service';

/** Account management (admins) and the signed-in account's password. */
export const userRoutes = [
  defineRoute({
    method: 'POST',
    url: '/admin/createuser',
    tag: 'users',
    summary: 'Create an account (only a superadmin creates an admin)',
    access: access.admins,
    body: createUserBodySchema,
    response: userResponseSchema,
    status: 201,
    errors: [400, 401, 403, 409],
    handler: ({ app, request, body }) => createAccount(app, currentAccount(request), body),
  }),
  defineRoute({
    method: 'GET',
    url: '/admin/getallusers',
    tag: 'users',
    summary: 'List accounts, newest first; search matches name, email or role',
    access: access.admins,
    query: userListQuerySchema,
    response: userListResponseSchema,
    errors: [400, 401, 403],
    handler: ({ app, query }) => listAccounts(app, query.search),
  }),
  defineRoute({
    method: 'PUT',
    url: '/admin/updateuser/:id',
    tag: 'users',
    summary: "Change an account's name, email, phone and role",
    access: access.admins,
    params: idParamsSchema,
    body: updateUserBodySchema,
    response: userResponseSchema,
    errors: [400, 401, 403, 404, 409],
    handler: ({ app, request, params, body }) => {
      checkBodyId(params.id, body.id);
      return updateAccount(app, currentAccount(request), params.id, body);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/admin/deleteuser/:id',
    tag: 'users',
    summary: 'Delete an account (not your own, not the last superadmin)',
    access: access.admins,
    params: idParamsSchema,
    response: userResponseSchema,
    errors: [400, 401, 403, 404, 409],
    handler: ({ app, request, params }) => deleteAccount(app, currentAccount(request), params.id),
  }),
  defineRoute({
    method: 'POST',
    url: '/user/change-password',
    tag: 'auth',
    summary: "Change the signed-in account's password (the current one is required)",
    access: access.signedIn,
    body: changePasswordBodySchema,
    response: messageResponseSchema,
    errors: [400, 401],
    handler: ({ app, request, body }) => changePassword(app, currentAccount(request), body),
  }),
];
