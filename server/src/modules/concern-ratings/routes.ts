import {
  concernRatingsBodySchema,
  concernRatingsResponseSchema,
  concernSubmissionListResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  ratableConcernListResponseSchema,
} from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { currentParticipant } from '../../plugins/auth';
import { deleteConcernRating, getConcernSubmissions, getRatableConcerns, submitConcernRatings } from './service';

/** The final workplace-concerns assessment: ratings by participants, read and pruned by admins. */
export const concernRatingRoutes = [
  defineRoute({
    method: 'GET',
    url: '/complaint-bother/get-all',
    tag: 'concern-ratings',
    summary: 'The concerns a participant rates (participant token, or an admin)',
    access: access.participantOrAdmins,
    response: ratableConcernListResponseSchema,
    errors: [401, 403],
    handler: ({ app }) => getRatableConcerns(app),
  }),
  defineRoute({
    method: 'POST',
    url: '/complaint-bother/add-complaint',
    tag: 'concern-ratings',
    summary: "The participant's ratings, once; the same ratings again return the stored submission (200)",
    access: access.participant,
    body: concernRatingsBodySchema,
    response: concernRatingsResponseSchema,
    status: 201,
    errors: [400, 401, 403, 409],
    handler: async ({ app, request, reply, body }) => {
      const outcome = await submitConcernRatings(app, currentParticipant(request), body);
      if (!outcome.created) reply.code(200);
      return outcome.response;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/complaint-bother/get-all-complaints',
    tag: 'concern-ratings',
    summary: "Every submission, newest first, with the participant's name, email and phone",
    access: access.admins,
    response: concernSubmissionListResponseSchema,
    errors: [401, 403],
    handler: ({ app }) => getConcernSubmissions(app),
  }),
  defineRoute({
    method: 'DELETE',
    url: '/complaint-bother/delete-user-complaint/:id',
    tag: 'concern-ratings',
    summary: 'Delete one rated concern; a submission left empty is deleted too',
    access: access.admins,
    params: idParamsSchema,
    response: messageResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, params }) => deleteConcernRating(app, params.id),
  }),
];
