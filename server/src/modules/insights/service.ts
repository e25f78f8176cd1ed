import type {
  InsightCategory,
  InsightQuestion,
  InsightsQuery,
  InsightsResponse,
} from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
import { ValidationError } from '../../lib/validation';
import { notFound } from '../../lib/http-errors';
import { offeredAnswers, questionSet } from '../questions/service';
import { versionLayout } from './aggregates';
import {
  flagsOf,
  itemFigures,
  medianTime,
  optionFigures,
  passedOf,
  scoreDistribution,
  scoreSums,
  type ScoreCounts,
} from './figures';
import {
  existingQuestionIds,
  listVersions,
  participantsPerVersion,
  readAnswers,
  readScores,
  readTimes,
  type DayRange,
} from './repository';

export {
  aggregateInserts,
  batchShard,
  groupedInserts,
  insightCodes,
  submissionGroups,
  type InsightCodes,
} from './aggregates';
export { rebuildAggregates, subtractParticipant } from './rebuild';
export { percentCounts, periodTotals, periodTotalsText, toPeriodTotals, type PeriodTotals } from './repository';
export { periodRanges } from './periods';

/** The range of days asked for; `from` after `to` is refused (400 naming `from`), as on the results list. */
export function dayRangeOf(query: InsightsQuery): DayRange {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw new ValidationError([{ field: 'from', message: 'from must be on or before to' }]);
  }
  return {
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
  };
}

const empty = new Map<number, number>();

/**
 * `GET admin/insights`: the figures of one version under the range of days, from the aggregates
 * alone (four reads of summed rows, and the version's records, kept in memory).
 */
export async function getInsights(store: Store, query: InsightsQuery): Promise<InsightsResponse> {
  const range = dayRangeOf(query);
  const [stored, latest] = await Promise.all([listVersions(store.db), questionSet(store).latest()]);
  const participants = await participantsPerVersion(
    store.db,
    stored.map((row) => row.version),
  );
  const versions = stored.map((row) => ({
    ...row,
    participants: participants.get(row.version) ?? 0,
    current: row.version === latest.version,
  }));
  const version = query.version ?? versions.find((row) => row.participants > 0)?.version ?? latest.version;
  const set = await questionSet(store).version(version);
  if (!set) throw notFound(`Question set version ${version} not found`);
  const records = set.records;
  const [scores, answers, times, existing] = await Promise.all([
    readScores(store.db, version, range),
    readAnswers(store.db, version, range),
    readTimes(store.db, version, range),
    existingQuestionIds(
      store.db,
      records.map((record) => record.id),
    ),
  ]);

  const questionCount = records.length;
  const overall: ScoreCounts = scores.get(-1) ?? empty;
  const sums = scoreSums(overall);
  const layout = versionLayout(records);
  const itemVariance = new Map<number, number>();

  const questions: InsightQuestion[] = records.map((record, position) => {
    const given = answers.get(position) ?? [];
    const item = itemFigures(given, sums);
    itemVariance.set(position, item.variance);
    const time = medianTime(times.get(record.id) ?? empty);
    return {
      position: position + 1,
      questionId: record.id,
      question: record.question,
      categoryName: record.category.name,
      questionType: record.questionType,
      correctAnswer: record.correctAnswer,
      editable: existing.has(record.id),
      answered: item.answered,
      facility: item.facility,
      discrimination: item.discrimination,
      options: optionFigures(offeredAnswers(record), record.correctAnswer, given, item.answered, questionCount),
      medianTimeMs: time.medianTimeMs,
      timedAnswers: time.timed,
      flags: flagsOf(item.facility, item.discrimination),
    };
  });

  const varianceOf = (positions: number[]) =>
    positions.reduce((total, position) => total + (itemVariance.get(position) ?? 0), 0);
  const categories: InsightCategory[] = layout.categories.map((categoryName, scope) => {
    const positions = layout.categoryOf.flatMap((of, position) => (of === scope ? [position] : []));
    return {
      categoryName,
      ...scoreDistribution(scores.get(scope) ?? empty, positions.length, varianceOf(positions)),
    };
  });
  const cohort = scoreDistribution(overall, questionCount, varianceOf(records.map((_, position) => position)));
  const passed = passedOf(overall, questionCount);

  return {
    version,
    from: range.from ?? null,
    to: range.to ?? null,
    versions,
    cohort: { ...cohort, passed, passRate: sums.n === 0 ? null : passed / sums.n },
    categories,
    questions,
  };
}
