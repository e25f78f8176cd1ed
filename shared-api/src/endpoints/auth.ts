import type { ChangePasswordBody } from '../contract/users';
import type { MessageResponse } from '../contract/common';
import type { AccountSessionListResponse } from '../contract/auth';
import type {
  RecoveryCodesResponse,
  SecondFactorCodeBody,
  SecondFactorDisableBody,
  SecondFactorRequirement,
  SecondFactorSetupResponse,
  SecondFactorStatusResponse,
} from '../contract/second-factor';
import { request } from '../client/http';

export { checkAuth, login, loginSecondFactor, logout } from './sign-in';

/** `POST user/change-password` for the signed-in account. */
export const changePassword = (body: ChangePasswordBody) =>
  request<MessageResponse>('post', 'user/change-password', { json: body });

/** `GET auth/sessions`: the signed-in account's open sessions, the current one first. */
export const listSessions = () => request<AccountSessionListResponse>('get', 'auth/sessions');

/** `DELETE auth/sessions/{id}`: ends one of the signed-in account's sessions. */
export const endSession = (id: string) => request<MessageResponse>('delete', `auth/sessions/${encodeURIComponent(id)}`);

/** `GET auth/second-factor`: the signed-in account's second factor. */
export const secondFactorStatus = () => request<SecondFactorStatusResponse>('get', 'auth/second-factor');

/** `POST auth/second-factor/setup`: a new secret, its URI and QR code. */
export const startSecondFactorSetup = () => request<SecondFactorSetupResponse>('post', 'auth/second-factor/setup');

/** `POST auth/second-factor/confirm`: turns the second factor on; the recovery codes come back once. */
export const confirmSecondFactor = (body: SecondFactorCodeBody) =>
  request<RecoveryCodesResponse>('post', 'auth/second-factor/confirm', { json: body });

/** `POST auth/second-factor/recovery-codes`: new recovery codes (the old ones stop working). */
export const renewRecoveryCodes = (body: SecondFactorCodeBody) =>
  request<RecoveryCodesResponse>('post', 'auth/second-factor/recovery-codes', { json: body });

/** `POST auth/second-factor/disable`: turns the second factor off. */
export const disableSecondFactor = (body: SecondFactorDisableBody) =>
  request<MessageResponse>('post', 'auth/second-factor/disable', { json: body });

/** `GET admin/second-factor-requirement` (superadmin). */
export const secondFactorRequirement = () => request<SecondFactorRequirement>('get', 'admin/second-factor-requirement');

/** `PUT admin/second-factor-requirement` (superadmin). */
export const setSecondFactorRequirement = (body: SecondFactorRequirement) =>
  request<SecondFactorRequirement>('put', 'admin/second-factor-requirement', { json: body });
