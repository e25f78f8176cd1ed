import { z } from 'zod';
import { limits } from './limits';

// A second factor for accounts: TOTP codes from an authenticator app (RFC 6238: SHA-1, 6 digits,
// 30 seconds) and ten single-use recovery codes.

/** Digits of an authenticator code; spaces are allowed between them ("123 456"). */
const codeText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .max(32, `${field} is too long`)
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, `${field} must be the 6 digits the authenticator app shows`));

/** A recovery code as shown (`abcde-fghij`); case, spaces and dashes do not matter. */
const recoveryCodeText = z
  .string({ error: 'recoveryCode is required' })
  .max(64, 'recoveryCode is too long')
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, 'recoveryCode must be one of the 10-character recovery codes'));

/** The password step's reply when the account has a second factor: no session yet, a challenge for the code. */
export const loginChallengeResponseSchema = z.object({
  message: z.string(),
  secondFactorRequired: z.literal(true),
  /** Proof of the password step, valid for 5 minutes: send it back with the code. */
  challenge: z.string(),
});
export type LoginChallengeResponse = z.infer<typeof loginChallengeResponseSchema>;

/** `POST auth/login/second-factor`: the challenge and either an authenticator code or a recovery code. */
export const secondFactorLoginBodySchema = z
  .object({
    challenge: z.string({ error: 'challenge is required' }).min(1, 'challenge is required').max(1024),
    code: codeText('code').optional(),
    recoveryCode: recoveryCodeText.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: 'code or recoveryCode is required (one of them)',
    path: ['code'],
  });
export type SecondFactorLoginBody = z.input<typeof secondFactorLoginBodySchema>;

/** The signed-in account's second factor. */
export const secondFactorStatusResponseSchema = z.object({
  /** Sign-in asks for a code. */
  enabled: z.boolean(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
  /** The superadmin requires a second factor of this account (admins): it cannot be turned off. */
  required: z.boolean(),
  /** This session may only turn the second factor on (the requirement applies and it is off). */
  enrolOnly: z.boolean(),
});
export type SecondFactorStatusResponse = z.infer<typeof secondFactorStatusResponseSchema>;

/** `POST auth/second-factor/setup`: a new secret to put in the authenticator app. */
export const secondFactorSetupResponseSchema = z.object({
  /** The secret in base32, to type in by hand. */
  secret: z.string(),
  /** `otpauth://totp/...`, what the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL (`data:image/svg+xml;base64,...`). */
  qrCode: z.string(),
});
export type SecondFactorSetupResponse = z.infer<typeof secondFactorSetupResponseSchema>;

/** A code from the authenticator app (confirming the set-up, or new recovery codes). */
export const secondFactorCodeBodySchema = z.object({ code: codeText('code') });
export type SecondFactorCodeBody = z.input<typeof secondFactorCodeBodySchema>;

/** Recovery codes, shown once. */
export const recoveryCodesResponseSchema = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** Turning the second factor off: the password and a code from the app (or a recovery code). */
export const secondFactorDisableBodySchema = z.object({
  password: z
    .string({ error: 'password is required' })
    .min(1, 'password is required')
    .max(limits.password.max, 'password is too long'),
  code: z
    .string({ error: 'code is required' })
    .trim()
    .min(1, 'code is required')
    .max(64, 'code must be the 6 digits the authenticator app shows, or a recovery code'),
});
export type SecondFactorDisableBody = z.input<typeof secondFactorDisableBodySchema>;

/** The superadmin's setting: admins must have a second factor. */
export const secondFactorRequirementSchema = z.object({
  required: z.boolean({ error: 'required must be true or false' }),
});
export type SecondFactorRequirement = z.infer<typeof secondFactorRequirementSchema>;
