import {
  concernListResponseSchema,
  concernResponseSchema,
  concernsCreatedResponseSchema,
  createConcernsBodySchema,
  editConcernBodySchema,
  messageResponseSchema,
} from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { actorOf, auditedCreate, auditedRowChange } from '../audit/service';
import { createConcerns, deleteConcern, editConcern, getConcerns } from './service';

const { create, list, editById, deleteById } = routeGroup({ tag: 'concerns', access: access.admins });

/** The workplace concerns participants rate, written by admins (the spec's `complaint/...` calls). */
export const concernRoutes = [
  create({
    url: '/complaint/create-complaint',
    summary: 'Create one or more complaints (a list)',
    body: createConcernsBodySchema,
    response: concernsCreatedResponseSchema,
    handler: ({ app, request, body }) =>
      auditedCreate(
        app,
        actorOf(request),
        { action: 'concern.create', table: 'concerns', targetType: 'concern' },
        (reply) => reply.complaints.map((concern) => concern._id),
        () => createConcerns(app, body),
      ),
  }),
  list({
    url: '/complaint/getAll',
    summary: 'Every complaint, newest first',
    response: concernListResponseSchema,
    handler: ({ app }) => getConcerns(app),
  }),
  editById({
    url: '/complaint/edit/:id',
    summary: 'Change a complaint (status defaults to pending)',
    body: editConcernBodySchema,
    response: concernResponseSchema,
    handler: ({ app, request, params, body }) =>
      auditedRowChange(
        app,
        actorOf(request),
        { action: 'concern.edit', table: 'concerns', targetType: 'concern', id: params.id },
        () => editConcern(app, params.id, body),
      ),
  }),
  deleteById({
    url: '/complaint/delete/:id',
    summary: 'Delete a complaint (ratings already given keep their snapshot)',
    response: messageResponseSchema,
    handler: ({ app, request, params }) =>
      auditedRowChange(
        app,
        actorOf(request),
        { action: 'concern.delete', table: 'concerns', targetType: 'concern', id: params.id },
        () => deleteConcern(app, params.id),
      ),
  }),
];
