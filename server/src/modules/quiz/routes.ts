import {
  getQuestionsResponseSchema,
  submitAnswersBodySchema,
  submitAnswersResponseSchema,
  userResponseSummarySchema,
} from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { currentParticipant } from '../../plugins/auth';
import { ownConcernRatings } from '../concern-ratings/service';
import { getParticipantQuestions, getUserResponse, submitAnswers } from './service';
import { submissionReply } from './submission-reply';
import { readSubmitBody } from './submit-body';

/** Taking the assessment (participant token). */
export const quizRoutes = [
  defineRoute({
    method: 'GET',
    url: '/user/getquestion',
    tag: 'quiz',
    summary: 'Every question in quiz order (by category, then creation), without correct answers',
    // The same list for every participant, holding nothing of theirs: a valid token is enough.
    access: access.participantToken,
    response: getQuestionsResponseSchema,
    errors: [401],
    handler: ({ app }) => getParticipantQuestions(app),
  }),
  defineRoute({
    method: 'POST',
    url: '/user/submitanswer',
    tag: 'quiz',
    summary: 'Submit every answer once; the same submission again returns the stored one (200)',
    access: access.participantReadByHandler,
    body: submitAnswersBodySchema,
    readBody: readSubmitBody,
    response: submitAnswersResponseSchema,
    status: 201,
    errors: [400, 401, 403, 409],
    handler: async ({ app, request, reply, body }) => {
      const outcome = await submitAnswers(app, currentParticipant(request), body);
      if (!outcome.created) reply.code(200);
      return submissionReply(outcome.response);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/user/getuserresponse',
    tag: 'quiz',
    summary: "The participant's own submitted answers and concern ratings (submitting browser only)",
    access: access.participant,
    response: userResponseSummarySchema,
    errors: [401, 403],
    handler: ({ app, request }) => getUserResponse(app, currentParticipant(request), ownConcernRatings),
  }),
];
