import {
  addQuestionBodySchema,
  idParamsSchema,
  questionListQuerySchema,
  questionListResponseSchema,
  questionResponseSchema,
  updateQuestionBodySchema,
} from '@prometrica/shared-api/contract';
import { access, defineRoute } from '../../lib/route-table';
import { checkBodyId } from '../../lib/validation';
import { addQuestion, deleteQuestion, listQuestionsPage, updateQuestion } from './service';

/** The question bank (admins). */
export const questionRoutes = [
  defineRoute({
    method: 'POST',
    url: '/admin/addquestion',
    tag: 'questions',
    summary: 'Add a question to an existing category (named)',
    access: access.admins,
    body: addQuestionBodySchema,
    response: questionResponseSchema,
    status: 201,
    errors: [400, 401, 403],
    handler: ({ app, body }) => addQuestion(app, body),
  }),
  defineRoute({
    method: 'GET',
    url: '/admin/getquestions',
    tag: 'questions',
    summary: 'One page of questions, newest first, searched on the question text',
    access: access.admins,
    query: questionListQuerySchema,
    response: questionListResponseSchema,
    errors: [400, 401, 403],
    handler: ({ app, query }) => listQuestionsPage(app, query),
  }),
  defineRoute({
    method: 'PUT',
    url: '/admin/updatequestion/:id',
    tag: 'questions',
    summary: 'Change a question (answers already submitted keep their snapshot)',
    access: access.admins,
    params: idParamsSchema,
    body: updateQuestionBodySchema,
    response: questionResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, params, body }) => {
      checkBodyId(params.id, body.id);
      return updateQuestion(app, params.id, body);
    },
  }),
  defineRoute({
    method: 'DELETE',
    url: '/admin/deletequestion/:id',
    tag: 'questions',
    summary: 'Delete a question',
    access: access.admins,
    params: idParamsSchema,
    response: questionResponseSchema,
    errors: [400, 401, 403, 404],
    handler: ({ app, params }) => deleteQuestion(app, params.id),
  }),
];
