import { z } from 'zod';
import { roleSchema, userSchema } from './auth';
import { emailText, limits, phoneText, requiredText, searchQuery } from './fields';

export { passwordMinDistinctCharacters, passwordRuleProblem, type PasswordOwner } from './password-rules';

/** `POST admin/createuser`. Only a superadmin may create an admin. */
export const createUserBodySchema = z.object({
  name: requiredText('name', limits.name),
  email: emailText('email'),
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .min(limits.password.min, `password must be at least ${limits.password.min} characters`)
    .max(limits.password.max, `password must be at most ${limits.password.max} characters`),
  role: roleSchema.exclude(['superadmin'], { error: 'role must be user or admin' }),
  phoneNumber: phoneText('phoneNumber'),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** `PUT admin/updateuser/{id}`. */
export const updateUserBodySchema = z.object({
  id: z.string().optional(),
  name: requiredText('name', limits.name),
  email: emailText('email'),
  phoneNumber: phoneText('phoneNumber'),
  role: roleSchema,
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const userListQuerySchema = z.object({ search: searchQuery });
export type UserListQuery = z.input<typeof userListQuerySchema>;

/**
 * Staff accounts (the `users` table, never participants) counted the one way every screen shows
 * them: all accounts, those of role user, and admins with superadmins.
 */
export const accountCountsSchema = z.object({
  accounts: z.number().int(),
  users: z.number().int(),
  admins: z.number().int(),
});
export type AccountCounts = z.infer<typeof accountCountsSchema>;

/** Every account (filtered by `search`), and the counts of all accounts whatever the search. */
export const userListResponseSchema = z.object({
  users: z.array(userSchema),
  totalUsers: z.number().int(),
  counts: accountCountsSchema,
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userResponseSchema = z.object({ message: z.string(), user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;

/** `POST user/change-password` for the signed-in account. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'currentPassword is required' })
    .min(1, 'currentPassword is required')
    .max(limits.password.max),
  newPassword: z
    .string({ error: 'newPassword is required' })
    .min(limits.password.min, `newPassword must be at least ${limits.password.min} characters`)
    .max(limits.password.max, `newPassword must be at most ${limits.password.max} characters`),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
