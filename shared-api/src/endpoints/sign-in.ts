import type { MessageResponse } from '../contract/common';
import type { CheckAuthResponse, LoginBody, LoginResponse, LoginSessionResponse } from '../contract/auth';
import type { SecondFactorLoginBody } from '../contract/second-factor';
import { request } from '../client/http';

// The calls of signing in and out, which the auth store makes from the first screen on; the
// account's other calls are in ./auth.ts, loaded with the screens that make them.

/** `POST auth/login`. */
export const login = (body: LoginBody) =>
  request<LoginResponse>('post', 'auth/login', { json: body, credential: 'none' });

/** `GET auth/checkauth`: the signed-in account behind the stored token. */
export const checkAuth = () => request<CheckAuthResponse>('get', 'auth/checkauth');

/** `POST auth/logout`: ends the session of `token` (the one being forgotten) on the server. */
export const logout = (token: string) => request<MessageResponse>('post', 'auth/logout', { token });

/** `POST auth/login/second-factor`: the second step of a sign-in, with a code or a recovery code. */
export const loginSecondFactor = (body: SecondFactorLoginBody) =>
  request<LoginSessionResponse>('post', 'auth/login/second-factor', { json: body, credential: 'none' });
