import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { emailText, limitQuery, limits, optionalPhoneText, pageInfo, pageQuery, searchQuery } from './fields';
import { participantSessionResponseSchema, participantStageSchema } from './progress';

// Invitations: a personal link per participant that opens (or resumes) their assessment on any
// device without typing anything. The link carries an unguessable token (256 bits, base64url).

export const invitationStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

const inviteeFields = {
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name is required')
    .max(limits.name, `name must be at most ${limits.name} characters`),
  email: emailText('email'),
  /** Kept in E.164, or '' when not given. */
  phone: optionalPhoneText('phone').default(''),
};

export const invitationExpiryDays = z
  .number({ error: 'expiresInDays must be a number' })
  .int('expiresInDays must be a whole number')
  .min(1, 'expiresInDays must be between 1 and 365')
  .max(365, 'expiresInDays must be between 1 and 365')
  .default(limits.invitationDays);

/** `POST admin/invitations`: invite one participant (mail goes out when mail is configured and `send` is not false). */
export const createInvitationBodySchema = z.object({
  ...inviteeFields,
  expiresInDays: invitationExpiryDays,
  send: z.boolean().default(true),
});
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

/** One participant as the Participants section lists them, invited or not. */
export const participantSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  stage: participantStageSchema,
  /** Answers saved so far and the size of the participant's question set (`answering n of N`). */
  answered: z.number().int(),
  questionCount: z.number().int(),
  createdAt: isoDateTimeSchema,
  lastActivityAt: isoDateTimeSchema,
  invitation: z
    .object({
      _id: z.string(),
      link: z.string(),
      status: invitationStatusSchema,
      createdAt: isoDateTimeSchema,
      expiresAt: isoDateTimeSchema,
      openedAt: isoDateTimeSchema.nullable(),
      lastSentAt: isoDateTimeSchema.nullable(),
    })
    .nullable(),
  resultId: z.string().nullable(),
});
export type ParticipantSummary = z.infer<typeof participantSummarySchema>;

export const participantListQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery,
  search: searchQuery,
  stage: participantStageSchema.optional(),
});
export interface ParticipantListQuery {
  page?: number;
  limit?: number;
  search?: string;
  stage?: z.infer<typeof participantStageSchema>;
}

export const participantListResponseSchema = z.object({
  participants: z.array(participantSummarySchema),
  totalParticipants: z.number().int(),
  ...pageInfo,
  /** Whether mail is configured: without it the admin copies links, and resend is not offered. */
  mailConfigured: z.boolean(),
});
export type ParticipantListResponse = z.infer<typeof participantListResponseSchema>;

export const invitationResponseSchema = z.object({
  message: z.string(),
  participant: participantSummarySchema,
  /** Whether the invitation went out by mail. */
  sent: z.boolean(),
});
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

/** `POST admin/invitations/import`: a CSV with a header row naming name, email and phone columns. */
export const importInvitationsBodySchema = z.object({
  csv: z
    .string({ error: 'csv is required' })
    .min(1, 'csv is required')
    .max(limits.invitationImportBytes, `csv must be at most ${limits.invitationImportBytes / 1024 / 1024} MB`),
  expiresInDays: invitationExpiryDays,
  send: z.boolean().default(false),
});
export type ImportInvitationsBody = z.input<typeof importInvitationsBodySchema>;

/** What an import did: rows invited, and each bad row by its line in the file (1 = the header). */
export const importInvitationsResponseSchema = z.object({
  message: z.string(),
  invited: z.number().int(),
  /** Rows whose email already had an active invitation or a participant that has started. */
  skipped: z.array(z.object({ line: z.number().int(), email: z.string(), reason: z.string() })),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type ImportInvitationsResponse = z.infer<typeof importInvitationsResponseSchema>;

/** `GET admin/invitations/export`: one row per participant with their link and status. */
export const exportInvitationsResponseSchema = z.object({ filename: z.string(), csv: z.string() });
export type ExportInvitationsResponse = z.infer<typeof exportInvitationsResponseSchema>;

export const invitationIdParamsSchema = z.object({ id: idSchema });

/** `POST invitations/open`: the token from a personal link. */
export const openInvitationBodySchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .trim()
    .min(1, 'token is required')
    .max(128, 'token is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'token is not a valid invitation token'),
});
export type OpenInvitationBody = z.infer<typeof openInvitationBodySchema>;
export const openInvitationResponseSchema = participantSessionResponseSchema;
export type OpenInvitationResponse = z.infer<typeof openInvitationResponseSchema>;

/** `PUT admin/participation`: turn open entry on `/` on or off. */
export const updateParticipationBodySchema = z.object({
  openEntry: z.boolean({ error: 'openEntry must be true or false' }),
});
