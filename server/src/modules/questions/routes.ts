import {
  addQuestionBodySchema,
  questionListQuerySchema,
  questionListResponseSchema,
  questionResponseSchema,
  updateQuestionBodySchema,
} from '@prometrica/shared-api/contract';
import { routeGroup } from '../../lib/route-group';
import { access } from '../../lib/route-table';
import { actorOf, auditedCreate, auditedRowChange } from '../audit/service';
import { addQuestion, deleteQuestion, listQuestionsPage, updateQuestion } from './service';

const { create, list, editById, deleteById } = routeGroup({ tag: 'questions', access: access.admins });

/** The question bank (admins). */
export const questionRoutes = [
  create({
    url: '/admin/addquestion',
    summary: 'Add a question to an existing category (named)',
    body: addQuestionBodySchema,
    response: questionResponseSchema,
    handler: ({ app, request, body }) =>
      auditedCreate(
        app,
        actorOf(request),
        { action: 'question.create', table: 'questions', targetType: 'question' },
        (reply) => [reply.question._id],
        () => addQuestion(app, body),
      ),
  }),
  list({
    url: '/admin/getquestions',
    summary: 'One page of questions, newest first, searched on the question text',
    query: questionListQuerySchema,
    response: questionListResponseSchema,
    handler: ({ app, query }) => listQuestionsPage(app, query),
  }),
  editById({
    url: '/admin/updatequestion/:id',
    summary: 'Change a question (answers already submitted keep their snapshot)',
    body: updateQuestionBodySchema,
    response: questionResponseSchema,
    handler: ({ app, request, params, body }) =>
      auditedRowChange(
        app,
        actorOf(request),
        { action: 'question.edit', table: 'questions', targetType: 'question', id: params.id },
        () => updateQuestion(app, params.id, body),
      ),
  }),
  deleteById({
    url: '/admin/deletequestion/:id',
    summary: 'Delete a question',
    response: questionResponseSchema,
    handler: ({ app, request, params }) =>
      auditedRowChange(
        app,
        actorOf(request),
        { action: 'question.delete', table: 'questions', targetType: 'question', id: params.id },
        () => deleteQuestion(app, params.id),
      ),
  }),
];
