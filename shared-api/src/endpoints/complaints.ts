import type { MessageResponse } from '../contract/common';
import type {
  ComplaintListResponse,
  ComplaintResponse,
  ComplaintsCreatedResponse,
  CreateComplaintsBody,
  EditComplaintBody,
} from '../contract/complaints';
import { request } from '../client/http';

/** Admin complaints (the workplace concerns participants rate). */
export const createComplaints = (body: CreateComplaintsBody) => request<ComplaintsCreatedResponse>('post', 'complaint/create-complaint', { json: body });
export const getComplaints = () => request<ComplaintListResponse>('get', 'complaint/getAll');
export const editComplaint = (id: string, body: EditComplaintBody) =>
  request<ComplaintResponse>('put', `complaint/edit/${encodeURIComponent(id)}`, { json: { ...body, id } });
export const deleteComplaint = (id: string) => request<MessageResponse>('delete', `complaint/delete/${encodeURIComponent(id)}`);
