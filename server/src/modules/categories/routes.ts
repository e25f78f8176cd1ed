import {
  categoryBodySchema,
  categoryListResponseSchema,
  categoryResponseSchema,
} from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { actorOf, auditedCreate, auditedRowChange } from '../audit/service';
import { createCategory, deleteCategory, getCategories, updateCategory } from './service';

const { create, list, editById, deleteById } = routeGroup({ tag: 'categories', access: access.admins });

/** Question categories (admins). */
export const categoryRoutes = [
  create({
    url: '/category',
    summary: 'Create a category (names are unique ignoring case)',
    body: categoryBodySchema,
    response: categoryResponseSchema,
    errors: [400, 401, 403, 409],
    handler: ({ app, request, body }) =>
      auditedCreate(
        app,
        actorOf(request),
        { action: 'category.create', table: 'categories', targetType: 'category' },
        (reply) => [reply.category._id],
        () => createCategory(app, body.name),
      ),
  }),
  list({
    url: '/category',
    summary: 'List categories with their question counts, newest first',
    response: categoryListResponseSchema,
    handler: ({ app }) => getCategories(app),
  }),
  editById({
    url: '/category/:id',
    summary: 'Rename a category',
    body: categoryBodySchema,
    response: categoryResponseSchema,
    errors: [400, 401, 403, 404, 409],
    handler: ({ app, request, params, body }) =>
      auditedRowChange(
        app,
        actorOf(request),
        { action: 'category.edit', table: 'categories', targetType: 'category', id: params.id },
        () => updateCategory(app, params.id, body.name),
      ),
  }),
  deleteById({
    url: '/category/:id',
    summary: 'Delete a category that has no questions',
    response: categoryResponseSchema,
    errors: [400, 401, 403, 404, 409],
    handler: ({ app, request, params }) =>
      auditedRowChange(
        app,
        actorOf(request),
        { action: 'category.delete', table: 'categories', targetType: 'category', id: params.id },
        () => deleteCategory(app, params.id),
      ),
  }),
];
