import {
  concernListResponseSchema,
  concernResponseSchema,
  concernsCreatedResponseSchema,
  createConcernsBodySchema,
  editConcernBodySchema,
  idParamsSchema,
  messageResponseSchema,
} from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { checkBodyId } from '../../lib/validation';
import { createConcerns, deleteConcern, editConcern, getConcerns } from './service';

/** The workplace concerns participants rate, written by admins (the spec's `complaint/...` calls). */
export const concernRoutes = [
  defineRoute({
    method: 'POST',
    url: '/complaint/create-complaint',
    tag: 'concerns',
    summary: 'Create one or more complaints (a list)',
    access: access.admins,
    body: createConcernsBodySchema,
    response: concernsCreatedResponseSchema,
    status: 201,
    errors: [400, 401, 403],
    handler: ({ app, body }) => createConcerns(app, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/complaint/getAll',
    tag: 'concerns',
    summary: 'Every complaint, newest first',
    access: access.admins,
    response: concernListResponseSchema,
    errors: [401, 403],
    handler: ({ app }) => getConcerns(app),
  }),
  defineRoute({
    method: 'PUT',
    url: '/complaint/edit/:id',
    tag: 'concerns',
    summary: 'Change a complaint (status defaults to pending)',
    access: access.admins,
    params: idParamsSchema,
    body: editConcernBodySchema,
    response: concernResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, params, body }) => {
      checkBodyId(params.id, body.id);
      return editConcern(app, params.id, body);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/complaint/delete/:id',
    tag: 'concerns',
    summary: 'Delete a complaint (ratings already given keep their snapshot)',
    access: access.admins,
    params: idParamsSchema,
    response: messageResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, params }) => deleteConcern(app, params.id),
  }),
];
