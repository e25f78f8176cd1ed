import { z } from 'zod';
import { personFields } from './auth';
import { isoDateTimeSchema } from './common';
import { limitQuery, pageInfo, pageQuery, searchQuery } from './fields';

export const performanceSchema = z.enum(['Low', 'Average', 'High']);
export type Performance = z.infer<typeof performanceSchema>;

/** A report's place on its way to the participant: not released yet, released, opened by the participant. */
export const reportStatusSchema = z.enum(['draft', 'released', 'opened'], {
  error: "report must be 'draft', 'released' or 'opened'",
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;

export const resultTotalsSchema = z.object({
  correctAnswer: z.number().int(),
  wrongAnswer: z.number().int(),
  totalAnswers: z.number().int(),
  percent: z.number().int(),
  passed: z.boolean(),
});

export const categoryFigureSchema = z.object({
  categoryName: z.string(),
  correctAnswer: z.number().int(),
  wrongAnswer: z.number().int(),
  totalAnswers: z.number().int(),
  percent: z.number().int(),
  performance: performanceSchema,
});
export type CategoryFigure = z.infer<typeof categoryFigureSchema>;

export const resultAnswerSchema = z.object({
  question: z.string(),
  userAnswer: z.string(),
  correctAnswer: z.string(),
  categoryName: z.string(),
  isCorrect: z.boolean(),
});
export type ResultAnswer = z.infer<typeof resultAnswerSchema>;

export const resultParticipantSchema = z.object({
  ...personFields,
  role: z.literal('user'),
  createdAt: isoDateTimeSchema,
});

/** One participant's stored result (spec section 3). */
export const resultSchema = z.object({
  _id: z.string(),
  /** Where the doctor's report stands, and when it was released and first opened. */
  report: z
    .object({
      status: reportStatusSchema,
      releasedAt: isoDateTimeSchema.nullable(),
      openedAt: isoDateTimeSchema.nullable(),
    })
    .optional(),
  user: resultParticipantSchema,
  userTotals: resultTotalsSchema,
  categories: z.array(categoryFigureSchema),
  answers: z.array(resultAnswerSchema),
  createdAt: isoDateTimeSchema,
  /** The question set the participant answered (null for results stored before versions). */
  questionSetVersion: z.number().int().nullable().optional(),
});
export type Result = z.infer<typeof resultSchema>;

/** Whether `YYYY-MM-DD` names a day of the calendar (`Date.parse` takes 2025-02-30 as 2 March). */
const isCalendarDay = (text: string) => {
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
};

/** A day of the query string (`YYYY-MM-DD`, read in UTC). */
const dayQuery = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${field} must be a date (YYYY-MM-DD)`, abort: true })
    .refine(isCalendarDay, `${field} must be a real date`)
    .optional();

/**
 * The results list's filters, shared by the list, the exports and "Download all reports": `passed`
 * (All when absent), search, a range of submission days (`from` and `to` inclusive; the server
 * refuses `from` after `to` with 400) and the report status.
 */
export const resultFilterFields = {
  search: searchQuery,
  passed: z.enum(['true', 'false'], { error: 'passed must be true or false' }).optional(),
  from: dayQuery('from'),
  to: dayQuery('to'),
  report: reportStatusSchema.optional(),
};
export interface ResultFilterQuery {
  search?: string;
  passed?: 'true' | 'false';
  from?: string;
  to?: string;
  report?: ReportStatus;
}

/** `GET admin/getquizresult`: one page of results under the filters. */
export const resultListQuerySchema = z.object({ page: pageQuery, limit: limitQuery, ...resultFilterFields });
/** What a client sends (the schema coerces query-string text). */
export interface ResultListQuery extends ResultFilterQuery {
  page?: number;
  limit?: number;
}

/** Results in a list carry no answers (fetch one result for those). */
export const resultListResponseSchema = z.object({
  results: z.array(resultSchema.extend({ answers: z.array(resultAnswerSchema).max(0) })),
  totalResults: z.number().int(),
  ...pageInfo,
  summary: z.object({
    total: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
    averagePercent: z.number().int(),
  }),
});
export type ResultListResponse = z.infer<typeof resultListResponseSchema>;

/**
 * The participant's signed consent as evidence: what was agreed to (the text's version and the
 * SHA-256 of its canonical text), by whom, how, when (the participant's date and the server's time,
 * `createdAt`) and from which address. Consents stored before these were kept have them null.
 */
export const signedAgreementSchema = z.object({
  _id: z.string(),
  date: z.string(),
  /** The signature image (PNG, base64 without a data-URL prefix). */
  imageBase64: z.string(),
  createdAt: isoDateTimeSchema,
  textVersion: z.string().nullable(),
  textSha256: z.string().nullable(),
  signedName: z.string().nullable(),
  method: z.enum(['typed', 'drawn']).nullable(),
  clientAddress: z.string().nullable(),
});
export type SignedAgreement = z.infer<typeof signedAgreementSchema>;

/** `GET admin/getquizresult/{id}`: one result with every answer and the latest signed consent. */
export const resultResponseSchema = z.object({ result: resultSchema, agreement: signedAgreementSchema.nullable() });
export type ResultResponse = z.infer<typeof resultResponseSchema>;
