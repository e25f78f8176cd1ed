import type {
  AddQuestionBody,
  QuestionListQuery,
  QuestionListResponse,
  QuestionResponse,
  UpdateQuestionBody,
} from '../contract/questions';
import { request } from '../client/http';

export const addQuestion = (body: AddQuestionBody) =>
  request<QuestionResponse>('post', 'admin/addquestion', { json: body });

export const getQuestions = (query: QuestionListQuery = {}) =>
  request<QuestionListResponse>('get', 'admin/getquestions', {
    searchParams: { page: query.page ?? 1, limit: query.limit ?? 25, search: query.search ?? '' },
  });

export const updateQuestion = (id: string, body: UpdateQuestionBody) =>
  request<QuestionResponse>('put', `admin/updatequestion/${encodeURIComponent(id)}`, { json: { ...body, id } });

export const deleteQuestion = (id: string) =>
  request<QuestionResponse>('delete', `admin/deletequestion/${encodeURIComponent(id)}`);
