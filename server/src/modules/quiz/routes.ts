import {
  getQuestionsResponseSchema,
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
    summary: 'Every question in quiz order (by category, then creation), without correct answers',
    // The same list for every participant, holding nothing of theirs: a valid token is enough.
    access: access.participantToken,
    response: getQuestionsResponseSchema,
    errors: [401],
    handler: ({ app }) => getParticipantQuestions(app),
  }),
  route({
    method: 'POST',
    url: '/user/submitanswer',
    summary: 'Submit every answer once; the same submission again returns the stored one (200)',
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
    summary: "The participant's own submitted answers and concern ratings (submitting browser only)",
    response: userResponseSummarySchema,
    errors: [401, 403],
    handler: ({ app, request }) => getUserResponse(app, currentParticipant(request), ownConcernRatings),
  }),
];
