import type { CreateUserBody, UpdateUserBody, UserListQuery, UserListResponse, UserResponse } from '../contract/users';
import { request } from '../client/http';

export const createUser = (body: CreateUserBody) => request<UserResponse>('post', 'admin/createuser', { json: body });

export const getUsers = (query: UserListQuery = {}) =>
  request<UserListResponse>('get', 'admin/getallusers', { searchParams: { search: query.search || undefined } });

export const updateUser = (id: string, body: UpdateUserBody) =>
  request<UserResponse>('put', `admin/updateuser/${encodeURIComponent(id)}`, { json: { ...body, id } });

export const deleteUser = (id: string) => request<UserResponse>('delete', `admin/deleteuser/${encodeURIComponent(id)}`);
