// Free of zod, so the browsers can read the thresholds and paths (the Insights section's tooltips
// and calls). Definitions of every figure: docs/insights.md.

/** The API paths of the Insights section (admins only), relative to the API base. */
export const insightPaths = {
  /** `GET admin/insights?from=&to=&version=`: every figure of the section (`InsightsResponse`). */
  figures: 'admin/insights',
  /** `GET admin/insights/export?from=&to=&version=`: the question table as CSV (`text/csv`, UTF-8). */
  export: 'admin/insights/export',
} as const;

/**
 * When a question is flagged (`InsightQuestion.flags`). Facility is the share correct (0 to 1),
 * discrimination the item–rest correlation (-1 to 1).
 *
 * - `too_easy`: facility above `tooEasyAbove`: almost everyone answers it right, so it tells
 *   participants apart little and adds little to the score's reliability.
 * - `too_hard`: facility below `tooHardBelow`: close to what guessing among four options gives,
 *   or a question nobody was taught; either way it mostly measures luck.
 * - `check_key`: discrimination below `checkKeyBelow` (negative or near zero): those who do well
 *   on the rest of the assessment do no better on this question, the usual sign of a wrong key or
 *   an ambiguous wording.
 *
 * A flag needs the figure: no `check_key` while discrimination is null (fewer than 2 participants,
 * or everyone gave the same answer).
 */
export const insightThresholds = {
  tooEasyAbove: 0.9,
  tooHardBelow: 0.2,
  checkKeyBelow: 0.1,
} as const;

/** The flags a question row can carry, in this order. */
export const insightFlags = ['too_easy', 'too_hard', 'check_key'] as const;
export type InsightFlag = (typeof insightFlags)[number];

/**
 * The score histogram's buckets, in percentage points: [0, 10), [10, 20), ... [90, 100] (the last
 * one takes 100 as well). Ten buckets, always all of them, empty ones with count 0.
 */
export const insightHistogramWidth = 10;

/**
 * The lower bounds, in milliseconds, of the buckets a question's time is counted in (the last
 * bucket is open-ended). The median time is read from these counts: it lies within its bucket,
 * so it is exact to that bucket's width (1 s below 10 s, up to 5 s below a minute, and coarser
 * beyond), and interpolated linearly within it.
 */
export const insightTimeBucketsMs = [
  0, 1_000, 2_000, 3_000, 4_000, 5_000, 6_000, 7_000, 8_000, 9_000, 10_000, 12_000, 15_000, 20_000, 25_000, 30_000,
  40_000, 50_000, 60_000, 75_000, 90_000, 120_000, 150_000, 180_000, 240_000, 300_000, 420_000, 600_000, 900_000,
  1_200_000, 1_800_000, 3_600_000,
] as const;

/** The CSV export's columns, in order (`GET admin/insights/export`). */
export const insightCsvColumns = [
  'Position',
  'Question ID',
  'Question',
  'Category',
  'Type',
  'Correct answer',
  'Answered',
  'Facility',
  'Discrimination',
  'Options (share; mean rest score %)',
  'Median time (s)',
  'Flags',
] as const;
