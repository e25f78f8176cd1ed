import type {
  AgreementBody,
  AgreementResponse,
  GetQuestionsResponse,
  SubmitAnswersBody,
  SubmitAnswersResponse,
  UserResponseSummary,
} from '../contract/quiz';
import { request } from '../client/http';

/** `GET user/getquestion`: the questions, without correct answers; `version` asks for a pinned set. */
export const getQuestions = (version?: number) =>
  request<GetQuestionsResponse>('get', 'user/getquestion', {
    credential: 'participant',
    searchParams: { version },
  });

/** `POST user/submitanswer`: idempotent; sending again returns the stored submission. */
export const submitAnswers = (body: SubmitAnswersBody) =>
  request<SubmitAnswersResponse>('post', 'user/submitanswer', { json: body, credential: 'participant' });

/** `GET user/getuserresponse`: the participant's own submission summary. */
export const getUserResponse = () =>
  request<UserResponseSummary>('get', 'user/getuserresponse', { credential: 'participant' });

/** `POST useragreement/add`: the signed consent. */
export const addAgreement = (body: AgreementBody) =>
  request<AgreementResponse>('post', 'useragreement/add', { json: body, credential: 'participant' });
