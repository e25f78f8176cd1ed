import type { ChangePasswordBody } from '../contract/users';
import type { MessageResponse } from '../contract/common';
import type { CheckAuthResponse, LoginBody, LoginResponse } from '../contract/auth';
import { request } from '../client/http';

/** `POST auth/login`. */
export const login = (body: LoginBody) =>
  request<LoginResponse>('post', 'auth/login', { json: body, credential: 'none' });

/** `GET auth/checkauth`: the signed-in account behind the stored token. */
export const checkAuth = () => request<CheckAuthResponse>('get', 'auth/checkauth');

/** `POST user/change-password` for the signed-in account. */
export const changePassword = (body: ChangePasswordBody) =>
  request<MessageResponse>('post', 'user/change-password', { json: body });
