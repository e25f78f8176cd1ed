import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { loginChallengeResponseSchema } from './second-factor';

export const roleSchema = z.enum(['user', 'admin', 'superadmin']);
export type Role = z.infer<typeof roleSchema>;

/** Who a person is, as the API shows accounts and participants alike. */
export const personFields = { _id: z.string(), name: z.string(), email: z.string(), phoneNumber: z.string() };

/** An account as the API returns it. The password never leaves the server. */
export const userSchema = z.object({
  ...personFields,
  role: roleSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  email: z.string({ error: 'email is required' }).trim().min(1, 'email is required').max(254, 'email is too long'),
  password: z.string({ error: 'password is required' }).min(1, 'password is required').max(256, 'password is too long'),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A sign-in that opened a session. */
export const loginSessionResponseSchema = z.object({
  message: z.string(),
  accessToken: z.string(),
  user: userSchema,
  /** The session may only turn the second factor on: the superadmin requires one of admins. */
  secondFactorEnrolmentRequired: z.boolean().optional(),
});
export type LoginSessionResponse = z.infer<typeof loginSessionResponseSchema>;

/** `POST auth/login`: a session, or (the account has a second factor) a challenge for the code. */
export const loginResponseSchema = z.union([loginSessionResponseSchema, loginChallengeResponseSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const checkAuthResponseSchema = z.object({
  user: userSchema,
  /** As in the sign-in reply: this session may only turn the second factor on. */
  secondFactorEnrolmentRequired: z.boolean().optional(),
});
export type CheckAuthResponse = z.infer<typeof checkAuthResponseSchema>;

/** A signed-in session of the account, as its sessions list shows it. */
export const accountSessionSchema = z.object({
  _id: z.string(),
  /** The browser's `User-Agent` when it signed in ('' when it sent none). */
  userAgent: z.string(),
  /** The address it signed in from. */
  address: z.string(),
  createdAt: isoDateTimeSchema,
  /** When it was last used (kept to the minute). */
  lastSeenAt: isoDateTimeSchema,
  /** The session this call was made with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListResponseSchema = z.object({ sessions: z.array(accountSessionSchema) });
export type AccountSessionListResponse = z.infer<typeof accountSessionListResponseSchema>;
