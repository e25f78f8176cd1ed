import type { MessageResponse } from '../contract/common';
import type {
  ConcernRatingsBody,
  ConcernRatingsResponse,
  ConcernSubmissionListResponse,
  RatableConcernListResponse,
} from '../contract/concerns';
import { request } from '../client/http';

/** `GET complaint-bother/get-all`: the concerns a participant rates. */
export const getRatableConcerns = () =>
  request<RatableConcernListResponse>('get', 'complaint-bother/get-all', { credential: 'participant' });

/** `POST complaint-bother/add-complaint`: the participant's ratings. */
export const submitConcernRatings = (body: ConcernRatingsBody) =>
  request<ConcernRatingsResponse>('post', 'complaint-bother/add-complaint', { json: body, credential: 'participant' });

/** `GET complaint-bother/get-all-complaints` (admin): every participant's submission. */
export const getConcernSubmissions = () =>
  request<ConcernSubmissionListResponse>('get', 'complaint-bother/get-all-complaints');

/** `DELETE complaint-bother/delete-user-complaint/{id}` (admin): one rated concern. */
export const deleteConcernRating = (id: string) =>
  request<MessageResponse>('delete', `complaint-bother/delete-user-complaint/${encodeURIComponent(id)}`);
