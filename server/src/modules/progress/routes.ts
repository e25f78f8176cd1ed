import type { FastifyInstance } from 'fastify';
import {
  progressResponseSchema,
  saveAnswerBodySchema,
  saveAnswerResponseSchema,
} from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { currentParticipant } from '../../plugins/auth';
import { readSaveBody } from './save-body';
import { getProgress, SaveBudget, saveAnswer } from './service';

// Both read the participant themselves (and answer 401 when they are gone): the token's signature
// is checked by the hook, without a read of its own.
const { route } = routeGroup({ tag: 'quiz', access: access.participantReadByHandler });

/** The address bound on saves of each app, with the share its configuration gives. */
const budgets = new WeakMap<FastifyInstance, SaveBudget>();
function saveBudget(app: FastifyInstance): SaveBudget {
  let budget = budgets.get(app);
  if (!budget) budgets.set(app, (budget = new SaveBudget(app.config.answerSavesPerMinute)));
  return budget;
}

/** A participant's progress on the server: read on load, and every answer saved as it is given. */
export const progressRoutes = [
  route({
    method: 'GET',
    url: '/user/progress',
    summary:
      'Where the participant stands, with every saved answer and the question set version they answer (the session that holds them only)',
    response: progressResponseSchema,
    errors: [401, 403],
    handler: ({ app, request }) => getProgress(app, currentParticipant(request)),
  }),
  route({
    method: 'POST',
    url: '/user/answer',
    summary:
      'Save one answer as it is given (the last save of a question wins; time spent adds up); replies with every saved answer, or with `since` those saved since',
    body: saveAnswerBodySchema,
    readBody: readSaveBody,
    response: saveAnswerResponseSchema,
    errors: [400, 401, 403, 409, 429],
    handler: ({ app, request, body }) => {
      saveBudget(app).take(request.ip);
      return saveAnswer(app, currentParticipant(request), body);
    },
  }),
];
