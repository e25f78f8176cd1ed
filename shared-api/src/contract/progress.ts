import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { answerInputSchema } from './quiz';
import { emailText, limits } from './fields';

// A participant's progress lives on the server: every answer is saved as it is given, so a reload,
// a second tab or another device resumes where the participant is. See docs/participation.md.

/** Where a participant stands, in the order they get there. */
export const participantStageSchema = z.enum([
  'invited',
  'opened',
  'entered',
  'consented',
  'answering',
  'submitted',
  'concerns-done',
]);
export type ParticipantStage = z.infer<typeof participantStageSchema>;

/** One saved answer. `timeMs`: the time spent on the question so far, summed over visits. */
export const savedAnswerSchema = z.object({
  questionId: z.string(),
  userAnswer: z.string(),
  answeredAt: isoDateTimeSchema,
  timeMs: z.number().int(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** `GET user/progress`: everything a device needs to resume (the participant's own session only). */
export const progressResponseSchema = z.object({
  participant: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
  /** With the email, resumes on another device (`POST auth/resume`). */
  resumeCode: z.string(),
  stage: participantStageSchema,
  consent: z.object({ signedAt: isoDateTimeSchema, textVersion: z.string() }).nullable(),
  /** The question set this participant answers: pinned at consent; the current one before. */
  questionSetVersion: z.number().int(),
  answers: z.array(savedAnswerSchema),
  submittedAt: isoDateTimeSchema.nullable(),
  concernsSubmittedAt: isoDateTimeSchema.nullable(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

/** Text that `Date.parse` reads as a point in time (a reply's `savedAt`, sent back as `since`). */
export function isTimeText(text: string): boolean {
  return Number.isFinite(Date.parse(text));
}

/** `POST user/answer`: saves one answer as it is given (the last answer to a question wins). */
export const saveAnswerBodySchema = answerInputSchema.extend({
  questionSetVersion: z.number({ error: 'questionSetVersion must be a number' }).int().min(1),
  /** Time spent on the question since the last save of it, in milliseconds (capped at an hour). */
  timeMs: z
    .number({ error: 'timeMs must be a number' })
    .int()
    .min(0, 'timeMs must not be negative')
    .max(limits.answerTimeMs, 'timeMs is too large')
    .default(0),
  /**
   * The `savedAt` of the last reply this tab has read: the reply then lists only the answers saved
   * since (by any tab), not every one. Without it, every saved answer.
   */
  since: z
    .string({ error: 'since must be the savedAt of an earlier reply' })
    .max(limits.sinceText, 'since must be the savedAt of an earlier reply')
    .refine(isTimeText, 'since must be the savedAt of an earlier reply')
    .optional(),
});
export type SaveAnswerBody = z.input<typeof saveAnswerBodySchema>;

/**
 * The answers saved after the save: every one, or with `since` those saved since then (usually the
 * save itself), so a second tab learns the other's answers on its next save. `savedAt`: the time
 * of this reply, for the next save's `since`.
 */
export const saveAnswerResponseSchema = z.object({
  savedAt: isoDateTimeSchema,
  answers: z.array(savedAnswerSchema),
});
export type SaveAnswerResponse = z.infer<typeof saveAnswerResponseSchema>;

/** `GET user/getquestion?version=N`: a pinned question set (the current one without it). */
export const questionSetQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'version must be a whole number' })
    .int('version must be a whole number')
    .min(1, 'version must be a whole number')
    .optional(),
});

/** `POST auth/resume`: the email and the resume code shown on the quiz and thank-you screens. */
export const resumeBodySchema = z.object({
  email: emailText('email'),
  code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(32, 'code is too long'),
});
export type ResumeBody = z.infer<typeof resumeBodySchema>;

/** A participant token for a participant's own session, with where they stand. */
export const participantSessionResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  progress: progressResponseSchema,
});
export type ParticipantSessionResponse = z.infer<typeof participantSessionResponseSchema>;

/** `GET participation`: whether `/` takes new participants (open entry) or only invitations. */
export const participationSettingsSchema = z.object({ openEntry: z.boolean() });
export type ParticipationSettings = z.infer<typeof participationSettingsSchema>;
