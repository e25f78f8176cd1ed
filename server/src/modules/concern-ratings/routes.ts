import {
  concernRatingsBodySchema,
  concernRatingsResponseSchema,
  concernSubmissionListResponseSchema,
  messageResponseSchema,
  ratableConcernListResponseSchema,
} from '@prometrica/shared-api/contract';
import { createdOrRepeated, routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { currentParticipant } from '../../plugins/auth';
import { actorOf, record } from '../audit/service';
import { deleteConcernRating, getConcernSubmissions, getRatableConcerns, submitConcernRatings } from './service';

const { create, list, deleteById } = routeGroup({ tag: 'concern-ratings', access: access.admins });

/** The final workplace-concerns assessment: ratings by participants, read and pruned by admins. */
export const concernRatingRoutes = [
  list({
    url: '/complaint-bother/get-all',
    summary: 'The concerns a participant rates (participant token, or an admin)',
    access: access.participantOrAdmins,
    response: ratableConcernListResponseSchema,
    handler: ({ app }) => getRatableConcerns(app),
  }),
  create({
    url: '/complaint-bother/add-complaint',
    summary: "The participant's ratings, once; the same ratings again return the stored submission (200)",
    access: access.participant,
    body: concernRatingsBodySchema,
    response: concernRatingsResponseSchema,
    errors: [400, 401, 403, 409],
    handler: async ({ app, request, reply, body }) =>
      createdOrRepeated(reply, await submitConcernRatings(app, currentParticipant(request), body)),
  }),
  list({
    url: '/complaint-bother/get-all-complaints',
    summary: "Every submission, newest first, with the participant's name, email and phone",
    response: concernSubmissionListResponseSchema,
    handler: ({ app }) => getConcernSubmissions(app),
  }),
  deleteById({
    url: '/complaint-bother/delete-user-complaint/:id',
    summary: 'Delete one rated concern; a submission left empty is deleted too',
    response: messageResponseSchema,
    handler: async ({ app, request, params }) => {
      const deleted = await deleteConcernRating(app, params.id);
      // The rating's id only: what the participant chose is their data.
      await record(app.db, actorOf(request), {
        action: 'concern-rating.delete',
        targetType: 'concern-rating',
        targetId: params.id,
      });
      return deleted;
    },
  }),
];
