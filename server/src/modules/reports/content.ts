import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { ReportAnswer, ReportContent } from '@prometrica/shared-api/contract';
import type { Database, Store } from '../../db/types';
import { found } from '../../lib/http-errors';
import { findLatestAgreement, toSignedAgreement } from '../agreements/service';
import { participantConcernRatings } from '../concern-ratings/service';
import {
  findResultWithParticipant,
  listAnswers,
  resultNotFoundMessage,
  toCategoryFigure,
  toTotals,
  type ResultWithParticipant,
} from '../results/service';
import {
  categoryPercentCounts,
  chunkEnd,
  cohortSignature,
  findParticipantDates,
  overallPercentCounts,
  resultIdsAt,
  type CohortSlice,
  type PercentCount,
} from './repository';

// What a report shows (`ReportContent`), assembled from the stored result, the participant's
// dates, consent and concern ratings, and the result's place in the cohort of every stored result.

/** How many results scored each percent: percent → count. */
type Distribution = Map<number, number>;

/** The cohort of every stored result, as counts per percent (overall and per category). */
export interface Cohort {
  size: number;
  /** The newest result counted, and the ids stored at exactly that time (a later slice leaves them out). */
  latest: string | null;
  idsAtLatest: string[];
  overall: Distribution;
  categories: Map<string, Distribution>;
  builtAt: number;
}

/**
 * The cohort is kept per database as counts per percent, and brought up to date rather than counted
 * again. Why: the per-category percentile must look inside each result's JSON figures
 * (results/codecs.ts); at 100,000 results counting them all takes 0.6 to 0.7 s on SQLite on this
 * machine (up to 1.5 s while it was busy), 0.4 s on PostgreSQL, while a report is read far more
 * often than results change. Each report read costs one index-only check (the count and newest time
 * of the results: 4 to 9 ms on SQLite, 10 to 15 ms on PostgreSQL at 100,000); results added
 * since are counted alone (a range of the `created_at` index, well under 1 ms for a few) and added
 * in. When the numbers do not add up (a result erased, or written by another process with an
 * earlier time), or the counts are older than `cohortMaxAgeMs`, every result is counted again, in
 * chunks of `cohortChunk` ids with other requests served between them (better-sqlite3 runs each
 * statement on the event loop). The counts are at most 101 per category, whatever the cohort size.
 */
const cohorts = new WeakMap<Kysely<Database>, { cohort?: Cohort; refreshing?: Promise<Cohort> }>();

/** Even unchanged-looking counts are counted again after this long (bounds what a missed change costs). */
export const cohortMaxAgeMs = 60 * 60 * 1000;

function add(into: Distribution, percent: number, count: number) {
  into.set(percent, (into.get(percent) ?? 0) + count);
}

function addCounts(cohort: Cohort, overall: PercentCount[], categories: PercentCount[]) {
  for (const { percent, count } of overall) {
    add(cohort.overall, percent, count);
    cohort.size += count;
  }
  for (const { name, percent, count } of categories) {
    let distribution = cohort.categories.get(name);
    if (!distribution) cohort.categories.set(name, (distribution = new Map()));
    add(distribution, percent, count);
  }
}

async function countSlice(store: Store, slice: CohortSlice) {
  const [overall, categories] = await Promise.all([
    overallPercentCounts(store.db, slice),
    categoryPercentCounts(store.db, store.dialect, slice),
  ]);
  return { overall: overall.counts, latest: overall.latest, categories };
}

/** Results counted per statement when every result is counted (on SQLite each statement holds the event loop). */
export const cohortChunk = 10_000;

/** Counts every result, a chunk (by id) per statement, letting other requests run between chunks. */
export async function countAll(store: Store, now: number, chunk = cohortChunk): Promise<Cohort> {
  const cohort: Cohort = {
    size: 0,
    latest: null,
    idsAtLatest: [],
    overall: new Map(),
    categories: new Map(),
    builtAt: now,
  };
  let after: string | null = null;
  for (
    let upTo = await chunkEnd(store.db, after, chunk);
    upTo !== null;
    upTo = await chunkEnd(store.db, after, chunk)
  ) {
    const counted = await countSlice(store, { after, upTo });
    addCounts(cohort, counted.overall, counted.categories);
    if (counted.latest !== null && (cohort.latest === null || counted.latest > cohort.latest))
      cohort.latest = counted.latest;
    after = upTo;
    await nextTurn();
  }
  cohort.idsAtLatest = cohort.latest === null ? [] : await resultIdsAt(store.db, cohort.latest);
  return cohort;
}

async function buildCohort(store: Store, previous: Cohort | undefined): Promise<Cohort> {
  const signature = await cohortSignature(store.db);
  const now = Date.now();
  if (previous && now - previous.builtAt < cohortMaxAgeMs) {
    if (previous.size === signature.size && previous.latest === signature.latest) return previous;
    if (previous.latest !== null && signature.latest !== null && signature.size > previous.size) {
      const added = await countSlice(store, {
        since: previous.latest,
        until: signature.latest,
        except: previous.idsAtLatest,
      });
      const addedSize = added.overall.reduce((sum, { count }) => sum + count, 0);
      if (previous.size + addedSize === signature.size && added.latest !== null) {
        const next: Cohort = {
          ...previous,
          overall: new Map(previous.overall),
          categories: new Map([...previous.categories].map(([name, counts]) => [name, new Map(counts)])),
          latest: added.latest,
          idsAtLatest: await resultIdsAt(store.db, added.latest),
        };
        addCounts(next, added.overall, added.categories);
        return next;
      }
    }
  }
  return countAll(store, now);
}

/** The cohort as it stands now; concurrent readers share one refresh. */
async function currentCohort(store: Store): Promise<Cohort> {
  let entry = cohorts.get(store.db);
  if (!entry) cohorts.set(store.db, (entry = {}));
  const kept = entry;
  kept.refreshing ??= buildCohort(store, kept.cohort).finally(() => {
    kept.refreshing = undefined;
  });
  kept.cohort = await kept.refreshing;
  return kept.cohort;
}

/**
 * Where `percent` stands in a distribution: the share scoring strictly lower plus half of those
 * scoring the same (the result itself among them), 0 to 100, rounded; 0 for an empty one.
 */
export function percentileIn(distribution: Distribution | undefined, percent: number): number {
  if (!distribution) return 0;
  let lower = 0;
  let total = 0;
  for (const [value, count] of distribution) {
    total += count;
    if (value < percent) lower += count;
  }
  if (total === 0) return 0;
  const ties = distribution.get(percent) ?? 0;
  return Math.round((100 * (lower + ties / 2)) / total);
}

/**
 * When the participant started: the earliest saved answer still on record. Saved answers are kept
 * after the submission (only erasure removes them), but each question keeps only its latest save's
 * time, so when the first question was answered again later the real start was earlier than this;
 * the time taken is then a lower bound. Null when nothing was saved before submitting.
 */
const startOf = (firstAnswerAt: string | null, submittedAt: string) =>
  firstAnswerAt !== null && firstAnswerAt <= submittedAt ? firstAnswerAt : null;

/** Whether a copy carries the correct answers: the admin's always, the participant's when chosen. */
export type AnswerView = { correctAnswers: boolean };

/** The stored result with its participant, or 404. */
export async function findReportResult(store: Store, resultId: string): Promise<ResultWithParticipant> {
  return found(await findResultWithParticipant(store.db, resultId), resultNotFoundMessage);
}

/** Assembles what the report on `result` shows. */
export async function reportContent(
  store: Store,
  result: ResultWithParticipant,
  view: AnswerView,
): Promise<ReportContent> {
  const { db } = store;
  const participantId = result.participant.id;
  const [dates, consent, answers, concerns, cohort] = await Promise.all([
    findParticipantDates(db, participantId),
    findLatestAgreement(db, participantId),
    listAnswers(db, result.id),
    participantConcernRatings(db, participantId),
    currentCohort(store),
  ]);
  const startedAt = startOf(dates?.firstAnswerAt ?? null, result.createdAt);
  return {
    resultId: result.id,
    participant: {
      _id: participantId,
      name: result.participant.name,
      email: result.participant.email,
      phoneNumber: result.participant.phone,
    },
    dates: {
      invitedAt: dates?.invitedAt ?? null,
      enteredAt: dates?.enteredAt ?? result.participant.createdAt,
      consentedAt: consent?.created_at ?? null,
      startedAt,
      submittedAt: result.createdAt,
      timeTakenSeconds:
        startedAt === null ? null : Math.round((Date.parse(result.createdAt) - Date.parse(startedAt)) / 1000),
    },
    totals: toTotals(result),
    percentile: percentileIn(cohort.overall, result.percent),
    cohortSize: cohort.size,
    categories: result.categories.map((figure) => ({
      ...toCategoryFigure(figure),
      percentile: percentileIn(cohort.categories.get(figure.categoryName), figure.percent),
    })),
    answers: answers.map((answer): ReportAnswer => ({
      question: answer.questionText,
      categoryName: answer.categoryName,
      userAnswer: answer.userAnswer,
      ...(view.correctAnswers ? { correctAnswer: answer.correctAnswer, isCorrect: answer.isCorrect } : {}),
    })),
    showsCorrectAnswers: view.correctAnswers,
    concerns: concerns.concerns,
    concernsSubmittedAt: concerns.submittedAt,
    consent: consent ? toSignedAgreement(consent) : null,
    questionSetVersion: result.questionSetVersion,
  };
}
