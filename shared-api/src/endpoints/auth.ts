import type { ChangePasswordBody } from '../contract/users';
import type { MessageResponse } from '../contract/common';
import type { AccountSessionListResponse, CheckAuthResponse, LoginBody, LoginResponse } from '../contract/auth';
import { request } from '../client/http';

/** `POST auth/login`. */
export const login = (body: LoginBody) =>
  request<LoginResponse>('post', 'auth/login', { json: body, credential: 'none' });

/** `GET auth/checkauth`: the signed-in account behind the stored token. */
export const checkAuth = () => request<CheckAuthResponse>('get', 'auth/checkauth');

/** `POST user/change-password` for the signed-in account. */
export const changePassword = (body: ChangePasswordBody) =>
  request<MessageResponse>('post', 'user/change-password', { json: body });

/** `POST auth/logout`: ends the session of `token` (the one being forgotten) on the server. */
export const logout = (token: string) => request<MessageResponse>('post', 'auth/logout', { token });

/** `GET auth/sessions`: the signed-in account's open sessions, the current one first. */
export const listSessions = () => request<AccountSessionListResponse>('get', 'auth/sessions');

/** `DELETE auth/sessions/{id}`: ends one of the signed-in account's sessions. */
export const endSession = (id: string) => request<MessageResponse>('delete', `auth/sessions/${encodeURIComponent(id)}`);
