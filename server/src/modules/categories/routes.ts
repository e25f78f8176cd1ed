import {
  categoryBodySchema,
  categoryListResponseSchema,
  categoryResponseSchema,
  idParamsSchema,
} from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { createCategory, deleteCategory, getCategories, updateCategory } from './service';

/** Question categories (admins). */
export const categoryRoutes = [
  defineRoute({
    method: 'POST',
    url: '/category',
    tag: 'categories',
    summary: 'Create a category (names are unique ignoring case)',
    access: access.admins,
    body: categoryBodySchema,
    response: categoryResponseSchema,
    status: 201,
    errors: [400, 401, 403, 409],
    handler: ({ app, body }) => createCategory(app, body.name),
  }),
  defineRoute({
    method: 'GET',
    url: '/category',
    tag: 'categories',
    summary: 'List categories with their question counts, newest first',
    access: access.admins,
    response: categoryListResponseSchema,
    errors: [401, 403],
    handler: ({ app }) => getCategories(app),
  }),
  defineRoute({
    method: 'PUT',
    url: '/category/:id',
    tag: 'categories',
    summary: 'Rename a category',
    access: access.admins,
    params: idParamsSchema,
    body: categoryBodySchema,
    response: categoryResponseSchema,
    errors: [400, 401, 403, 404, 409],
    handler: ({ app, params, body }) => updateCategory(app, params.id, body.name),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/category/:id',
    tag: 'categories',
    summary: 'Delete a category that has no questions',
    access: access.admins,
    params: idParamsSchema,
    response: categoryResponseSchema,
    errors: [400, 401, 403, 404, 409],
    handler: ({ app, params }) => deleteCategory(app, params.id),
  }),
];
