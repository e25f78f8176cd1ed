import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { invitationStatusSchema } from './invitations';
import { participantStageSchema } from './progress';
import { reportStateSchema } from './reports';
import { categoryFigureSchema, signedAgreementSchema } from './results';

// A participant's rights: everything held about one participant as one JSON document, erasure of
// all of it, and erasure on a schedule some months after submission (docs/participation.md,
// "Export and erasure").

/** Names the document's shape, so a reader years later knows what it holds. */
export const participantExportFormat = 'prometrica-participant-export/1';

/** `GET admin/participants/{id}/export`: everything held about one participant. */
export const participantExportSchema = z.object({
  format: z.literal(participantExportFormat),
  exportedAt: isoDateTimeSchema,
  participant: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    stage: participantStageSchema,
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    /** The question set version pinned at consent. */
    questionSetVersion: z.number().int().nullable(),
    /** Whether a resume code was given (the code is a credential, so it is not in the document). */
    resumeCodeIssued: z.boolean(),
  }),
  /** The signed consent as evidence, with the signature image. */
  consent: signedAgreementSchema.nullable(),
  /** Answers saved as they were given, before submission. */
  progressAnswers: z.array(
    z.object({
      questionId: z.string(),
      userAnswer: z.string(),
      answeredAt: isoDateTimeSchema,
      timeMs: z.number().int(),
    }),
  ),
  result: z
    .object({
      _id: z.string(),
      submittedAt: isoDateTimeSchema,
      correct: z.number().int(),
      wrong: z.number().int(),
      total: z.number().int(),
      percent: z.number().int(),
      passed: z.boolean(),
      questionSetVersion: z.number().int().nullable(),
      categories: z.array(categoryFigureSchema),
      answers: z.array(
        z.object({
          questionId: z.string(),
          question: z.string(),
          userAnswer: z.string(),
          correctAnswer: z.string(),
          categoryName: z.string(),
          isCorrect: z.boolean(),
        }),
      ),
    })
    .nullable(),
  concerns: z
    .object({
      _id: z.string(),
      submittedAt: isoDateTimeSchema,
      ratings: z.array(
        z.object({
          concernId: z.string(),
          title: z.string(),
          description: z.string(),
          ratingOptions: z.array(z.string()),
          chosenOptions: z.array(z.string()),
          status: z.string(),
          ratedAt: isoDateTimeSchema,
        }),
      ),
    })
    .nullable(),
  /** Invitations without their link: the link's token acts for the participant. */
  invitations: z.array(
    z.object({
      _id: z.string(),
      status: invitationStatusSchema,
      createdAt: isoDateTimeSchema,
      expiresAt: isoDateTimeSchema,
      openedAt: isoDateTimeSchema.nullable(),
      lastSentAt: isoDateTimeSchema.nullable(),
      revokedAt: isoDateTimeSchema.nullable(),
    }),
  ),
  /** The doctor's report on the result: comments, release, opening and links (never a link's token). */
  report: reportStateSchema.extend({ resultId: z.string() }).nullable(),
});
export type ParticipantExport = z.infer<typeof participantExportSchema>;

/** `DELETE admin/participants/{id}`: what was erased. */
export const participantErasureResponseSchema = z.object({
  message: z.string(),
  erased: z.object({
    consents: z.number().int(),
    progressAnswers: z.number().int(),
    results: z.number().int(),
    concernSubmissions: z.number().int(),
    concernRatings: z.number().int(),
    invitations: z.number().int(),
    /** The doctor's report (with its saved comment versions) and the links to it. */
    reports: z.number().int(),
    reportLinks: z.number().int(),
  }),
});
export type ParticipantErasureResponse = z.infer<typeof participantErasureResponseSchema>;

/** Retention: at least a month, at most ten years; null: off. */
export const retentionMonthsRange = { min: 1, max: 120 } as const;

export const retentionMonthsSchema = z
  .number({ error: 'months must be a whole number of months or null' })
  .int('months must be a whole number of months or null')
  .min(retentionMonthsRange.min, `months must be at least ${retentionMonthsRange.min}`)
  .max(retentionMonthsRange.max, `months must be at most ${retentionMonthsRange.max}`)
  .nullable();

/** `PUT admin/retention`: erase participants this many months after submission; null turns it off. */
export const updateRetentionBodySchema = z.object({ months: retentionMonthsSchema });
export type UpdateRetentionBody = z.infer<typeof updateRetentionBodySchema>;

/** `GET`/`PUT admin/retention`: the setting and the last run. */
export const retentionSettingsSchema = z.object({
  months: retentionMonthsSchema,
  lastRun: z.object({ at: isoDateTimeSchema, erased: z.number().int() }).nullable(),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/** At most this many participants are listed by a preview (all are counted). */
export const retentionPreviewListed = 100;

/** `GET admin/retention/preview`: who the next run would erase (submitted before `cutoff`). */
export const retentionPreviewSchema = z.object({
  months: retentionMonthsSchema,
  /** Null when retention is off (nobody would be erased). */
  cutoff: isoDateTimeSchema.nullable(),
  count: z.number().int(),
  participants: z.array(
    z.object({ _id: z.string(), name: z.string(), email: z.string(), submittedAt: isoDateTimeSchema }),
  ),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

/** `POST admin/retention/run`: erases now who the preview lists. */
export const retentionRunResponseSchema = z.object({
  message: z.string(),
  erased: z.number().int(),
});
export type RetentionRunResponse = z.infer<typeof retentionRunResponseSchema>;
