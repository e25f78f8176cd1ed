import type { ReportAnswer, ReportContent } from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
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
import { percentCounts } from '../insights/service';
import { findParticipantDates } from './repository';

// What a report shows (`ReportContent`), assembled from the stored result, the participant's
// dates, consent and concern ratings, and the result's place in the cohort of every stored result.

/** How many results scored each percent: percent → count. */
type Distribution = Map<number, number>;

/** The cohort of every stored result, as counts per percent (overall and per category). */
export interface Cohort {
  size: number;
  overall: Distribution;
  categories: Map<string, Distribution>;
}

/**
 * The cohort as it stands now, from the counts per percent every submission adds to and every
 * erasure takes from (migration 0017, docs/insights.md): at most 101 rows per category and
 * shard, whatever the number of results, and always current.
 */
export async function currentCohort(store: Store): Promise<Cohort> {
  const cohort: Cohort = { size: 0, overall: new Map(), categories: new Map() };
  for (const { scope, percent, count } of await percentCounts(store.db)) {
    if (count === 0) continue;
    if (scope === '') {
      cohort.overall.set(percent, count);
      cohort.size += count;
      continue;
    }
    let distribution = cohort.categories.get(scope);
    if (!distribution) cohort.categories.set(scope, (distribution = new Map()));
    distribution.set(percent, count);
  }
  return cohort;
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
