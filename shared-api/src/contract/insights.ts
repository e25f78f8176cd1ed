import { z } from 'zod';
import { isoDateTimeSchema } from './common';
import { insightFlags } from './insight-definitions';
import { questionKindSchema } from './questions';
import { resultFilterFields } from './results';

// The Insights section: item analysis and cohort statistics of one question-set version, read from
// aggregates every submission keeps current (never a scan of the results). Formulas, thresholds
// and what is exact or bucketed: docs/insights.md. Units: percentages are percentage points
// (0 to 100); shares and facility are fractions (0 to 1); times are milliseconds. A figure that
// needs more participants than there are (or some spread) is null, never 0 or NaN.

/**
 * `GET admin/insights` and `GET admin/insights/export`: the figures of the results submitted on
 * the UTC days `from` to `to` (both inclusive, each optional, as the results list's filters;
 * `from` after `to` is refused with 400 naming `from`) to question-set version `version`. Without
 * `version`: the newest version that has any result, or the current one when none has.
 */
export const insightsQuerySchema = z.object({
  from: resultFilterFields.from,
  to: resultFilterFields.to,
  version: z.coerce
    .number({ error: 'version must be a number' })
    .int('version must be a whole number')
    .min(1, 'version must be 1 or more')
    .max(2_147_483_647, 'version is too large')
    .optional(),
});
/** What a client sends (the schema coerces query-string text). */
export interface InsightsQuery {
  from?: string;
  to?: string;
  version?: number;
}

/** One bar of a histogram: participants whose percentage is in [from, to) ([90, 100] for the last). */
export const histogramBucketSchema = z.object({
  from: z.number(),
  to: z.number(),
  count: z.number().int(),
});
export type HistogramBucket = z.infer<typeof histogramBucketSchema>;

/**
 * Internal consistency of a set of right/wrong questions: Cronbach's alpha, which for such
 * questions is KR-20: k/(k-1) · (1 - Σ p_i·q_i / σ²), σ² the (population) variance of the raw
 * score. Null with fewer than 2 questions, fewer than 2 participants or no spread of scores.
 * `sem`: the standard error of measurement, sd · √(1 - alpha), in percentage points like `sd`
 * (null when alpha is; alpha below 0 gives no SEM either).
 */
export const reliabilitySchema = z.object({
  alpha: z.number().nullable(),
  sem: z.number().nullable(),
});
export type Reliability = z.infer<typeof reliabilitySchema>;

/**
 * The distribution of a percentage score (the overall one, or one category's: 100 · correct /
 * questions) over the participants.
 * - `participants`: results counted; `questions`: how many questions the score is out of.
 * - `mean`, `median`: percentage points (median exact: scores take `questions + 1` values, each counted).
 * - `sd`: sample standard deviation (n - 1), percentage points; null below 2 participants.
 * - `skewness`: adjusted Fisher–Pearson G1 = √(n(n-1))/(n-2) · m3/m2^1.5 (as spreadsheets' SKEW); null below 3 participants or without spread.
 * - `kurtosis`: excess kurtosis G2 (as spreadsheets' KURT; 0 for a normal distribution); null below 4 participants or without spread.
 * - `histogram`: ten buckets of ten points (`insightHistogramWidth`).
 * - `reliability`: alpha (KR-20) and SEM of these questions.
 */
export const scoreDistributionSchema = z.object({
  participants: z.number().int(),
  questions: z.number().int(),
  mean: z.number().nullable(),
  median: z.number().nullable(),
  sd: z.number().nullable(),
  skewness: z.number().nullable(),
  kurtosis: z.number().nullable(),
  histogram: z.array(histogramBucketSchema),
  reliability: reliabilitySchema,
});
export type ScoreDistribution = z.infer<typeof scoreDistributionSchema>;

/** The overall score's distribution, and who passed (the stored percentage at `PASS_PERCENT` or more). */
export const insightCohortSchema = scoreDistributionSchema.extend({
  passed: z.number().int(),
  /** passed / participants, 0 to 1; null without participants. */
  passRate: z.number().nullable(),
});
export type InsightCohort = z.infer<typeof insightCohortSchema>;

/** One category's score (its questions only), in the version's quiz order of categories. */
export const insightCategorySchema = scoreDistributionSchema.extend({ categoryName: z.string() });
export type InsightCategory = z.infer<typeof insightCategorySchema>;

/**
 * One answer a choice question offers (multiple choice: its options; true/false: True and False).
 * - `chosen`: participants who gave it; `share`: chosen / answered (0 to 1, null without answers).
 * - `meanRestPercent`: the mean rest score of those who chose it, 100 · (correct answers to the
 *   other questions) / (questions - 1); null when nobody chose it. A wrong option whose choosers
 *   score as high as the key's is a distractor that attracts strong participants.
 */
export const insightOptionSchema = z.object({
  option: z.string(),
  correct: z.boolean(),
  chosen: z.number().int(),
  share: z.number().nullable(),
  meanRestPercent: z.number().nullable(),
});
export type InsightOption = z.infer<typeof insightOptionSchema>;

/**
 * One question of the version, in quiz order.
 * - `position`: 1-based place in the version; `questionId`: the question's id (`editable`: it
 *   still exists, so the row can link to editing it; the figures are of the text shown here, the
 *   version's).
 * - `answered`: participants counted (every question of a version is answered by everyone).
 * - `facility`: share correct, 0 to 1 (null without participants).
 * - `discrimination`: Pearson correlation of the question (1 right, 0 wrong) with the rest score
 *   (the other questions' correct answers), -1 to 1; null below 2 participants or when the
 *   question or the rest score has no spread.
 * - `options`: for choice questions each offered answer (empty for fill in the blanks).
 * - `medianTimeMs`: median time spent on it, from the saved answers' times (bucketed:
 *   `insightTimeBucketsMs`); `timedAnswers`: how many answers had a time; null when none had.
 * - `flags`: `insightThresholds`.
 */
export const insightQuestionSchema = z.object({
  position: z.number().int(),
  questionId: z.string(),
  question: z.string(),
  categoryName: z.string(),
  questionType: questionKindSchema,
  correctAnswer: z.string(),
  editable: z.boolean(),
  answered: z.number().int(),
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  options: z.array(insightOptionSchema),
  medianTimeMs: z.number().nullable(),
  timedAnswers: z.number().int(),
  flags: z.array(z.enum(insightFlags)),
});
export type InsightQuestion = z.infer<typeof insightQuestionSchema>;

/**
 * A question-set version the filter offers, newest first: when it was made, its questions, its
 * results of all time, and whether it is the current one (what new participants answer).
 */
export const insightVersionSchema = z.object({
  version: z.number().int(),
  createdAt: isoDateTimeSchema,
  questions: z.number().int(),
  participants: z.number().int(),
  current: z.boolean(),
});
export type InsightVersion = z.infer<typeof insightVersionSchema>;

/**
 * `GET admin/insights`: the figures of `version` under `from`/`to` (echoed; null when not given).
 * `version` is null only when no question set exists yet (then every list is empty).
 */
export const insightsResponseSchema = z.object({
  version: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  versions: z.array(insightVersionSchema),
  cohort: insightCohortSchema,
  categories: z.array(insightCategorySchema),
  questions: z.array(insightQuestionSchema),
});
export type InsightsResponse = z.infer<typeof insightsResponseSchema>;
