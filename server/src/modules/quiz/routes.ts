import {
  getQuestionsResponseSchema,
  questionSetQuerySchema,
  submitAnswersBodySchema,
  submitAnswersResponseSchema,
  userResponseSummarySchema,
} from '@prometrica/shared-api/contract';
import { createdOrRepeated, routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { currentParticipant } from '../../plugins/auth';
import { ownConcernRatings } from '../concern-ratings/service';
import { getParticipantQuestions, getUserResponse, submitAnswers } from './service';
import { submissionReply } from './submission-reply';
import { readSubmitBody } from './submit-body';

const { route } = routeGroup({ tag: 'quiz', access: access.participant });

/** Taking the assessment (participant token). */
export const quizRoutes = [
  route({
    method: 'GET',
    url: '/user/getquestion',
    summary:
      'Every question in quiz order (by category, then creation), without correct answers: the current set, or with `version` that version of it (the one a participant is pinned to)',
    // The same list for every participant, holding nothing of theirs: a valid token is enough.
    access: access.participantToken,
    query: questionSetQuerySchema,
    response: getQuestionsResponseSchema,
    errors: [400, 401, 404],
    handler: ({ app, query }) => getParticipantQuestions(app, query.version),
  }),
  route({
    method: 'POST',
    url: '/user/submitanswer',
    summary:
      'Submit every answer of the question set version once (after the consent); the same submission again returns the stored one (200)',
    access: access.participantReadByHandler,
    body: submitAnswersBodySchema,
    readBody: readSubmitBody,
    response: submitAnswersResponseSchema,
    status: 201,
    errors: [400, 401, 403, 409],
    handler: async ({ app, request, reply, body }) =>
      submissionReply(createdOrRepeated(reply, await submitAnswers(app, currentParticipant(request), body))),
  }),
  route({
    method: 'GET',
    url: '/user/getuserresponse',
    summary:
      "The participant's own submitted answers and concern ratings (the session that holds the participant only)",
    response: userResponseSummarySchema,
    errors: [401, 403],
    handler: ({ app, request }) => getUserResponse(app, currentParticipant(request), ownConcernRatings),
  }),
];
