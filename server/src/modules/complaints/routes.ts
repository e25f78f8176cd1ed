import {
  complaintListResponseSchema,
  complaintResponseSchema,
  complaintsCreatedResponseSchema,
  createComplaintsBodySchema,
  editComplaintBodySchema,
  idParamsSchema,
  messageResponseSchema,
} from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { checkBodyId } from '../../lib/validation';
import { createComplaints, deleteComplaint, editComplaint, getComplaints } from './service';

/** Admin complaints: the workplace concerns participants rate (admins). */
export const complaintRoutes = [
  defineRoute({
    method: 'POST',
    url: '/complaint/create-complaint',
    tag: 'complaints',
    summary: 'Create one or more complaints (a list)',
    access: access.admins,
    body: createComplaintsBodySchema,
    response: complaintsCreatedResponseSchema,
    status: 201,
    errors: [400, 401, 403],
    handler: ({ app, body }) => createComplaints(app, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/complaint/getAll',
    tag: 'complaints',
    summary: 'Every complaint, newest first',
    access: access.admins,
    response: complaintListResponseSchema,
    errors: [401, 403],
    handler: ({ app }) => getComplaints(app),
  }),
  defineRoute({
    method: 'PUT',
    url: '/complaint/edit/:id',
    tag: 'complaints',
    summary: 'Change a complaint (status defaults to pending)',
    access: access.admins,
    params: idParamsSchema,
    body: editComplaintBodySchema,
    response: complaintResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, params, body }) => {
      checkBodyId(params.id, body.id);
      return editComplaint(app, params.id, body);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/complaint/delete/:id',
    tag: 'complaints',
    summary: 'Delete a complaint (ratings already given keep their snapshot)',
    access: access.admins,
    params: idParamsSchema,
    response: messageResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, params }) => deleteComplaint(app, params.id),
  }),
];
