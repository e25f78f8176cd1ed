import type { MessageResponse } from '../contract/common';
import type {
  ConcernListResponse,
  ConcernResponse,
  ConcernsCreatedResponse,
  CreateConcernsBody,
  EditConcernBody,
} from '../contract/concerns';
import { request } from '../client/http';

/** The workplace concerns admins write (and participants rate). */
export const createConcerns = (body: CreateConcernsBody) =>
  request<ConcernsCreatedResponse>('post', 'complaint/create-complaint', { json: body });
export const getConcerns = () => request<ConcernListResponse>('get', 'complaint/getAll');
export const editConcern = (id: string, body: EditConcernBody) =>
  request<ConcernResponse>('put', `complaint/edit/${encodeURIComponent(id)}`, { json: { ...body, id } });
export const deleteConcern = (id: string) =>
  request<MessageResponse>('delete', `complaint/delete/${encodeURIComponent(id)}`);
