import { z } from 'zod';
import { optionalPhoneText } from './fields';

const emailField = z
  .string({ error: 'email is required' })
  .trim()
  .min(1, 'email is required')
  .max(254, 'email is too long')
  .pipe(z.email({ error: 'email must be a valid email address' }));

/** `POST auth/validateuser`: a participant enters their details (no password: participants do not log in). */
export const validateUserBodySchema = z.object({
  email: emailField,
  name: z.string().trim().max(200, 'name is too long').optional(),
  /** Kept in E.164; an empty phone changes nothing. */
  phone: optionalPhoneText('phone').optional(),
});
export type ValidateUserBody = z.infer<typeof validateUserBodySchema>;

/**
 * Reply to `auth/validateuser`. `status` is true when this email has already submitted; the
 * previous answers and scores are only filled in for the browser that holds that participant's token.
 */
export const validateUserResponseSchema = z.object({
  message: z.string(),
  status: z.boolean(),
  token: z.string(),
  response: z.array(z.object({ questionId: z.string(), userAnswer: z.string() })),
  results: z.unknown().nullable(),
});
export type ValidateUserResponse = z.infer<typeof validateUserResponseSchema>;
