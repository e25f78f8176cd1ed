import {
  insightHistogramWidth,
  insightThresholds,
  insightTimeBucketsMs,
  isCorrectAnswer,
  PASS_PERCENT,
  percentOf,
  type HistogramBucket,
  type InsightFlag,
  type InsightOption,
  type Reliability,
  type ScoreDistribution,
} from '@prometrica/shared-api/contract';

// The statistics of docs/insights.md from the aggregates' counts and sums. Nothing here reads a
// result: a score distribution is its counts per raw score (exact: a score out of N takes N + 1
// values), an item its counts and score sums per answer given.

/** Participants per raw score (correct answers). */
export type ScoreCounts = ReadonlyMap<number, number>;

/** n, Σ score and Σ score² of a distribution (integers: exact). */
export function scoreSums(counts: ScoreCounts): { n: number; sum: number; squares: number } {
  let n = 0;
  let sum = 0;
  let squares = 0;
  for (const [score, count] of counts) {
    n += count;
    sum += count * score;
    squares += count * score * score;
  }
  return { n, sum, squares };
}

/** The population variance of the raw score (0 without participants). */
export function rawVariance(counts: ScoreCounts): number {
  const { n, sum, squares } = scoreSums(counts);
  return n === 0 ? 0 : (n * squares - sum * sum) / (n * n);
}

/** The middle value of the scores (the mean of the two middle ones when n is even), or null. */
function medianScore(counts: ScoreCounts, n: number): number | null {
  if (n === 0) return null;
  const sorted = [...counts].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const at = (rank: number) => {
    let seen = 0;
    for (const [score, count] of sorted) {
      seen += count;
      if (rank <= seen) return score;
    }
    return sorted.at(-1)![0];
  };
  return n % 2 === 1 ? at((n + 1) / 2) : (at(n / 2) + at(n / 2 + 1)) / 2;
}

/** Ten buckets of `insightHistogramWidth` points, the last one closed. */
function histogram(counts: ScoreCounts, questions: number): HistogramBucket[] {
  const buckets = Array.from({ length: 100 / insightHistogramWidth }, (_, index) => ({
    from: index * insightHistogramWidth,
    to: (index + 1) * insightHistogramWidth,
    count: 0,
  }));
  if (questions === 0) return buckets;
  for (const [score, count] of counts) {
    // 100·score/questions in tenths, in integers: no rounding puts a score in the wrong bucket.
    const index = Math.min(buckets.length - 1, Math.floor((100 * score) / (insightHistogramWidth * questions)));
    buckets[index]!.count += count;
  }
  return buckets;
}

/**
 * KR-20 (Cronbach's alpha of right/wrong items): k/(k-1) · (1 - Σ p·q / σ²), σ² the population
 * variance of the raw score; SEM = sd · √(1 - alpha).
 */
export function reliability(
  questions: number,
  itemVariances: number,
  variance: number,
  n: number,
  sd: number | null,
): Reliability {
  if (questions < 2 || n < 2 || variance <= 0) return { alpha: null, sem: null };
  const alpha = (questions / (questions - 1)) * (1 - itemVariances / variance);
  return { alpha, sem: sd === null || alpha < 0 ? null : sd * Math.sqrt(Math.max(0, 1 - alpha)) };
}

/** Mean, median, sd, skewness, kurtosis and histogram of the percentage 100·score/questions. */
export function scoreDistribution(counts: ScoreCounts, questions: number, itemVariances: number): ScoreDistribution {
  const { n } = scoreSums(counts);
  const scale = questions === 0 ? 0 : 100 / questions;
  let mean: number | null = null;
  let sd: number | null = null;
  let skewness: number | null = null;
  let kurtosis: number | null = null;
  if (n > 0) {
    let sum = 0;
    for (const [score, count] of counts) sum += count * score * scale;
    const m = sum / n;
    // Central moments in a second pass over the distinct values.
    let m2 = 0;
    let m3 = 0;
    let m4 = 0;
    for (const [score, count] of counts) {
      const d = score * scale - m;
      m2 += count * d * d;
      m3 += count * d * d * d;
      m4 += count * d * d * d * d;
    }
    m2 /= n;
    m3 /= n;
    m4 /= n;
    mean = m;
    if (n >= 2) sd = Math.sqrt((m2 * n) / (n - 1));
    if (n >= 3 && m2 > 0) skewness = (Math.sqrt(n * (n - 1)) / (n - 2)) * (m3 / m2 ** 1.5);
    if (n >= 4 && m2 > 0) kurtosis = ((n - 1) / ((n - 2) * (n - 3))) * ((n + 1) * (m4 / (m2 * m2) - 3) + 6);
  }
  const median = medianScore(counts, n);
  return {
    participants: n,
    questions,
    mean,
    median: median === null ? null : median * scale,
    sd,
    skewness,
    kurtosis,
    histogram: histogram(counts, questions),
    reliability: reliability(questions, itemVariances, rawVariance(counts), n, sd),
  };
}

/** Participants at each raw score who passed (the percent stored with their result at PASS_PERCENT or more). */
export function passedOf(counts: ScoreCounts, questions: number): number {
  let passed = 0;
  for (const [score, count] of counts) if (percentOf(score, questions - score) >= PASS_PERCENT) passed += count;
  return passed;
}

/** One answer given to a question: how many gave it, whether right, and their raw scores' sum. */
export interface AnswerSums {
  choice: number;
  correct: boolean;
  count: number;
  scoreSum: number;
}

/** A question's facility, its item–rest correlation and p·q, from its answers' sums. */
export function itemFigures(
  answers: readonly AnswerSums[],
  cohort: { n: number; sum: number; squares: number },
): { answered: number; facility: number | null; discrimination: number | null; variance: number } {
  let n = 0;
  let right = 0;
  let rightScores = 0;
  for (const answer of answers) {
    n += answer.count;
    if (answer.correct) {
      right += answer.count;
      rightScores += answer.scoreSum;
    }
  }
  if (n === 0) return { answered: 0, facility: null, discrimination: null, variance: 0 };
  const facility = right / n;
  // In units of 1/n², all integers: cov(X, T), var X, var T; the rest R = T - X.
  const covXT = n * rightScores - right * cohort.sum;
  const varX = right * (n - right);
  const varT = n * cohort.squares - cohort.sum * cohort.sum;
  const covXR = covXT - varX;
  const varR = varT - 2 * covXT + varX;
  const discrimination = n >= 2 && varX > 0 && varR > 0 ? covXR / Math.sqrt(varX * varR) : null;
  return { answered: n, facility, discrimination, variance: facility * (1 - facility) };
}

/** Each offered answer's share and its choosers' mean rest score (percent of the other questions). */
export function optionFigures(
  offered: readonly string[],
  correctAnswer: string,
  answers: readonly AnswerSums[],
  answered: number,
  questions: number,
): InsightOption[] {
  return offered.map((option, choice) => {
    let chosen = 0;
    let restSum = 0;
    for (const answer of answers) {
      if (answer.choice !== choice) continue;
      chosen += answer.count;
      restSum += answer.scoreSum - (answer.correct ? answer.count : 0);
    }
    return {
      option,
      correct: isCorrectAnswer(option, correctAnswer),
      chosen,
      share: answered === 0 ? null : chosen / answered,
      meanRestPercent: chosen === 0 || questions < 2 ? null : (100 * restSum) / chosen / (questions - 1),
    };
  });
}

/**
 * The median of times counted in `insightTimeBucketsMs` buckets: within the bucket holding it,
 * interpolated linearly (the open last bucket gives its lower bound).
 */
export function medianTime(buckets: ReadonlyMap<number, number>): { medianTimeMs: number | null; timed: number } {
  let timed = 0;
  for (const count of buckets.values()) timed += count;
  if (timed === 0) return { medianTimeMs: null, timed };
  const half = timed / 2;
  let before = 0;
  for (let bucket = 0; bucket < insightTimeBucketsMs.length; bucket += 1) {
    const count = buckets.get(bucket) ?? 0;
    if (count > 0 && before + count >= half) {
      const lower = insightTimeBucketsMs[bucket]!;
      const upper = insightTimeBucketsMs[bucket + 1];
      if (upper === undefined) return { medianTimeMs: lower, timed };
      return { medianTimeMs: lower + ((half - before) / count) * (upper - lower), timed };
    }
    before += count;
  }
  return { medianTimeMs: null, timed };
}

/** The flags `insightThresholds` defines. */
export function flagsOf(facility: number | null, discrimination: number | null): InsightFlag[] {
  const flags: InsightFlag[] = [];
  if (facility !== null && facility > insightThresholds.tooEasyAbove) flags.push('too_easy');
  if (facility !== null && facility < insightThresholds.tooHardBelow) flags.push('too_hard');
  if (discrimination !== null && discrimination < insightThresholds.checkKeyBelow) flags.push('check_key');
  return flags;
}
