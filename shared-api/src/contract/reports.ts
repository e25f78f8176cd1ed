import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common';
import { limits } from './fields';
import {
  categoryFigureSchema,
  reportStatusSchema,
  resultFilterFields,
  resultTotalsSchema,
  signedAgreementSchema,
} from './results';

// The doctor's report on one participant's result: what it shows (`ReportContent`), the doctor's
// comments (drafts, versioned), its release to the participant (by mail or by a link the admin
// copies) and the links that open the participant's read-only copy.

/** One category of the report: its figures, band (spec section 9) and place in the cohort. */
export const reportCategorySchema = categoryFigureSchema.extend({
  /** Share of the cohort (every stored result with this category) scoring strictly lower, plus half of the ties, 0 to 100. */
  percentile: z.number().int(),
});
export type ReportCategory = z.infer<typeof reportCategorySchema>;

/** One answer as the report lists it; `correctAnswer` and `isCorrect` are left out of a participant's copy unless the admin chose to show them. */
export const reportAnswerSchema = z.object({
  question: z.string(),
  categoryName: z.string(),
  userAnswer: z.string(),
  correctAnswer: z.string().optional(),
  isCorrect: z.boolean().optional(),
});
export type ReportAnswer = z.infer<typeof reportAnswerSchema>;

export const reportConcernSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** What the participant chose. */
  rating: z.string(),
});
export type ReportConcern = z.infer<typeof reportConcernSchema>;

/** What a report shows, whoever reads it. */
export const reportContentSchema = z.object({
  resultId: z.string(),
  participant: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
  }),
  dates: z.object({
    /** When the participant was invited, or null when they entered their details themselves. */
    invitedAt: isoDateTimeSchema.nullable(),
    /** When the participant record was made (the details were entered or the invitation created). */
    enteredAt: isoDateTimeSchema,
    consentedAt: isoDateTimeSchema.nullable(),
    /** The first answer saved, or null when none was saved before submitting. */
    startedAt: isoDateTimeSchema.nullable(),
    submittedAt: isoDateTimeSchema,
    /** Seconds from starting to submitting, or null when the start is unknown. */
    timeTakenSeconds: z.number().int().nullable(),
  }),
  totals: resultTotalsSchema,
  /** Share of the cohort (every stored result) scoring strictly lower, plus half of the ties, 0 to 100. */
  percentile: z.number().int(),
  /** How many results the percentiles are measured against. */
  cohortSize: z.number().int(),
  categories: z.array(reportCategorySchema),
  answers: z.array(reportAnswerSchema),
  /** Whether `answers` carry the correct answers. */
  showsCorrectAnswers: z.boolean(),
  concerns: z.array(reportConcernSchema),
  concernsSubmittedAt: isoDateTimeSchema.nullable(),
  /** The signed consent (the participant's copy holds it too: it is their own). */
  consent: signedAgreementSchema.nullable(),
  questionSetVersion: z.number().int().nullable(),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

const commentText = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .max(limits.reportComment, `${field} must be at most ${limits.reportComment} characters`);

/** The doctor's comments: one overall, one per category (by category name; absent or '' for none). */
export const reportCommentsSchema = z.object({
  overall: commentText('overall'),
  categories: z.record(
    z.string().max(limits.categoryName, 'category name is too long'),
    commentText('category comment'),
  ),
});
export type ReportComments = z.infer<typeof reportCommentsSchema>;

/** One link that opens the participant's copy. The link itself is shown only when it is made. */
export const reportLinkSchema = z.object({
  _id: z.string(),
  createdAt: isoDateTimeSchema,
  expiresAt: isoDateTimeSchema,
  revokedAt: isoDateTimeSchema.nullable(),
  openedAt: isoDateTimeSchema.nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  showCorrectAnswers: z.boolean(),
  /** The address it was mailed to, or null when the admin copied it. */
  mailedTo: z.string().nullable(),
});
export type ReportLink = z.infer<typeof reportLinkSchema>;

/** The report's state as the admin sees it. */
export const reportStateSchema = z.object({
  status: reportStatusSchema,
  comments: reportCommentsSchema,
  /** The saved comments' version: 0 before the first save. */
  version: z.number().int(),
  savedAt: isoDateTimeSchema.nullable(),
  releasedAt: isoDateTimeSchema.nullable(),
  /** When the participant first opened a released copy. */
  openedAt: isoDateTimeSchema.nullable(),
  links: z.array(reportLinkSchema),
});
export type ReportState = z.infer<typeof reportStateSchema>;

/** `GET admin/reports/{resultId}`: the report with the correct answers, its comments and delivery. */
export const adminReportResponseSchema = z.object({
  content: reportContentSchema,
  report: reportStateSchema,
  /** Whether outgoing mail is configured (otherwise the admin copies the link). */
  mailConfigured: z.boolean(),
});
export type AdminReportResponse = z.infer<typeof adminReportResponseSchema>;

export const reportParamsSchema = z.object({ resultId: idSchema });

/** `PUT admin/reports/{resultId}/comments`: saves a new version of the comments as a draft. */
export const saveReportCommentsBodySchema = reportCommentsSchema.extend({
  /** The version the edit started from; a stale one (someone saved since) is refused with 409. */
  baseVersion: z.number({ error: 'baseVersion must be a number' }).int('baseVersion must be a whole number').min(0),
});
export type SaveReportCommentsBody = z.infer<typeof saveReportCommentsBodySchema>;
export const saveReportCommentsResponseSchema = z.object({ report: reportStateSchema });

/** `GET admin/reports/{resultId}/versions`: every saved version of the comments, newest first. */
export const reportVersionsResponseSchema = z.object({
  versions: z.array(
    z.object({
      version: z.number().int(),
      comments: reportCommentsSchema,
      savedAt: isoDateTimeSchema,
      savedBy: z.string().nullable(),
    }),
  ),
});
export type ReportVersionsResponse = z.infer<typeof reportVersionsResponseSchema>;

export const reportLinkDays = { default: limits.reportLinkDays, min: 1, max: 365 } as const;

/** `POST admin/reports/{resultId}/send`: release the report and make a link (mailed when `delivery` is mail). */
export const sendReportBodySchema = z.object({
  delivery: z.enum(['mail', 'link'], { error: "delivery must be 'mail' or 'link'" }),
  /** Attach the PDF to the mail. */
  attachPdf: z.boolean({ error: 'attachPdf must be true or false' }).default(false),
  /** Show the correct answers in the participant's copy. */
  showCorrectAnswers: z.boolean({ error: 'showCorrectAnswers must be true or false' }).default(false),
  expiresInDays: z
    .number({ error: 'expiresInDays must be a number' })
    .int('expiresInDays must be a whole number')
    .min(reportLinkDays.min, `expiresInDays must be between ${reportLinkDays.min} and ${reportLinkDays.max}`)
    .max(reportLinkDays.max, `expiresInDays must be between ${reportLinkDays.min} and ${reportLinkDays.max}`)
    .default(reportLinkDays.default),
});
export type SendReportBody = z.input<typeof sendReportBodySchema>;
export const sendReportResponseSchema = z.object({
  message: z.string(),
  /** The new link (shown once: only its hash is stored). */
  link: z.string(),
  expiresAt: isoDateTimeSchema,
  mailed: z.boolean(),
  report: reportStateSchema,
});
export type SendReportResponse = z.infer<typeof sendReportResponseSchema>;

/** `POST admin/reports/{resultId}/revoke`: every active link stops working (410). */
export const revokeReportResponseSchema = z.object({
  message: z.string(),
  revoked: z.number().int(),
  report: reportStateSchema,
});
export type RevokeReportResponse = z.infer<typeof revokeReportResponseSchema>;

/** A report link's token: 32 random bytes, base64url. */
export const reportTokenParamsSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'token is required')
    .max(128, 'token is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'token is not a valid report link'),
});

/** What the participant reads: the content (correct answers only when chosen) and the doctor's comments. */
export const participantReportSchema = z.object({
  content: reportContentSchema,
  comments: reportCommentsSchema,
  releasedAt: isoDateTimeSchema,
  /** The doctor's name as the product shows it. */
  doctorName: z.string().nullable(),
});
export type ParticipantReport = z.infer<typeof participantReportSchema>;

/** `GET reports/link/{token}`: the participant's copy; 410 with a message when revoked or expired. */
export const reportLinkResponseSchema = z.object({ report: participantReportSchema, expiresAt: isoDateTimeSchema });
export type ReportLinkResponse = z.infer<typeof reportLinkResponseSchema>;

/** `GET user/reports`: the signed-in participant's released reports (at most one today: one result each). */
export const userReportsResponseSchema = z.object({ reports: z.array(participantReportSchema) });
export type UserReportsResponse = z.infer<typeof userReportsResponseSchema>;

/**
 * `GET admin/results/export`: `format` csv or xlsx, with the list's filters. An XLSX holds the
 * results and the concerns ratings as two sheets (`resultExportSheets`); a CSV holds one of them,
 * `part` (the results unless `part=concerns`).
 */
export const resultExportQuerySchema = z.object({
  ...resultFilterFields,
  format: z.enum(['csv', 'xlsx'], { error: "format must be 'csv' or 'xlsx'" }),
  part: z.enum(['results', 'concerns'], { error: "part must be 'results' or 'concerns'" }).default('results'),
});
export type ResultExportFormat = z.infer<typeof resultExportQuerySchema>['format'];

/** `GET admin/reports/archive`: a ZIP of every report PDF under the list's filters. */
export const reportArchiveQuerySchema = z.object(resultFilterFields);
export const resultExportSheets = { results: 'Results', concerns: 'Concerns' } as const;
