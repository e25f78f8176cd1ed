import { findLatestAgreement, toSignedAgreement } from '../agreements/service';
import {
  performanceOf,
  type CategoryFigure,
  type ReportStatus,
  type ResultFilterQuery,
  type Result,
  type resultListQuerySchema,
  type ResultListResponse,
  type ResultResponse,
  type resultTotalsSchema,
} from '@prometrica/shared-api/contract';
import type { z } from 'zod';
import type { Store } from '../../db/types';
import { found } from '../../lib/http-errors';
import { pageWindow } from '../../lib/pagination';
import { ValidationError } from '../../lib/validation';
import {
  countOf,
  countResults,
  findResultWithParticipant,
  listAnswers,
  listResults,
  passFilteredPage,
  passFilterOnly,
  summarizeResults,
  summaryOf,
  type PageSlice,
  type ResultFilter,
} from './queries';
import type { ResultCategoryRecord, ResultRecord, ResultReportDates, ResultWithParticipant } from './records';

// What other modules use of this one: they reach it through this file only.
export type {
  AnswerRecord,
  ResultCategoryRecord,
  ResultRecord,
  ResultReportDates,
  ResultWithParticipant,
} from './records';
export {
  countResults,
  findParticipantResult,
  findResultByParticipant,
  findResultCategories,
  findResultWithParticipant,
  listAnswers,
  matchingResults,
  type ResultFilter,
} from './queries';
export { storedResultIds, submissionStatements, type NewSubmission } from './submission-statements';
export { decodeAnswers, decodeCategories } from './codecs';

export const resultNotFoundMessage = 'Result not found';

/** The stored totals as the API names them. */
export function toTotals(result: ResultRecord): z.infer<typeof resultTotalsSchema> {
  return {
    correctAnswer: result.correct,
    wrongAnswer: result.wrong,
    totalAnswers: result.total,
    percent: result.percent,
    passed: result.passed,
  };
}

/** A stored category figure as the API names it, with its performance band. */
export function toCategoryFigure(figure: ResultCategoryRecord): CategoryFigure {
  return {
    categoryName: figure.categoryName,
    correctAnswer: figure.correct,
    wrongAnswer: figure.wrong,
    totalAnswers: figure.total,
    percent: figure.percent,
    performance: performanceOf(figure.percent),
  };
}

/** A report's status from its dates: not released is a draft, whether or not it was ever opened. */
export function reportStatusOf(report: ResultReportDates): ReportStatus {
  if (report.releasedAt === null) return 'draft';
  return report.openedAt === null ? 'released' : 'opened';
}

/**
 * The list's filters as the queries take them, shared by the list, the exports and the reports
 * archive. A range that ends before it starts is refused (400) rather than read as no results.
 */
export function resultFilterOf(query: ResultFilterQuery & { search: string }): ResultFilter {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw new ValidationError([{ field: 'from', message: 'from must be on or before to' }]);
  }
  return {
    search: query.search,
    ...(query.passed ? { passed: query.passed === 'true' } : {}),
    ...(query.from !== undefined ? { from: query.from } : {}),
    ...(query.to !== undefined ? { to: query.to } : {}),
    ...(query.report !== undefined ? { report: query.report } : {}),
  };
}

/** A result as the API gives it, its keys in the schema's order (the list's reply is written as is). */
function toResult(result: ResultWithParticipant, answers: Result['answers']): Result {
  return {
    _id: result.id,
    report: { status: reportStatusOf(result.report), ...result.report },
    user: {
      _id: result.participant.id,
      name: result.participant.name,
      email: result.participant.email,
      phoneNumber: result.participant.phone,
      role: 'user',
      createdAt: result.participant.createdAt,
    },
    userTotals: toTotals(result),
    categories: result.categories.map(toCategoryFigure),
    answers,
    createdAt: result.createdAt,
    questionSetVersion: result.questionSetVersion,
  };
}

/**
 * What the list's reply is made of: the total it pages through, the summary, the rows of the page
 * asked for, and how to read another page (when the one asked for lies past the last).
 */
interface ListRead {
  total: number;
  summary: { total: number; passed: number; averagePercent: number };
  rows: ResultWithParticipant[];
  pageAt: (page: PageSlice) => Promise<ResultWithParticipant[]>;
}

/** The list chosen by the pass filter alone: its page and totals in one statement. */
async function passFilteredRead(store: Store, passed: boolean | undefined, asked: PageSlice): Promise<ListRead> {
  const { rows, totals } = await passFilteredPage(store.db, passed, asked);
  return {
    total: countOf(totals, passed),
    summary: summaryOf(totals),
    rows,
    pageAt: async (page) => (await passFilteredPage(store.db, passed, page)).rows,
  };
}

/**
 * The list with a search, days or a report status: the page asked for is read alongside the totals
 * (most calls ask for a page that exists). Without a pass filter the summary's count is the total,
 * so no separate count is run.
 */
async function filteredRead(store: Store, filter: ResultFilter, asked: PageSlice): Promise<ListRead> {
  const [summary, count, rows] = await Promise.all([
    summarizeResults(store.db, filter),
    filter.passed === undefined ? undefined : countResults(store.db, filter),
    listResults(store.db, filter, asked),
  ]);
  return { total: count ?? summary.total, summary, rows, pageAt: (page) => listResults(store.db, filter, page) };
}

/**
 * `GET admin/getquizresult`: one page of results (without answers), newest first. `summary` covers
 * every result the search, the submission days and the report status match, whatever the pass
 * filter: the pass filter is a tab over the cards' population (the cards stay put as it changes),
 * while the days and the report status choose the population itself.
 */
export async function listResultsPage(
  store: Store,
  query: z.output<typeof resultListQuerySchema>,
): Promise<ResultListResponse> {
  const filter = resultFilterOf(query);
  const asked = { limit: query.limit, offset: (Math.max(1, query.page) - 1) * query.limit };
  const {
    total,
    summary,
    rows: askedRows,
    pageAt,
  } = passFilterOnly(filter)
    ? await passFilteredRead(store, filter.passed, asked)
    : await filteredRead(store, filter, asked);
  // Read again only when the page asked for lies past the last page.
  const window = pageWindow(total, query.page, query.limit);
  const rows = window.offset === asked.offset ? askedRows : await pageAt(window);
  return {
    results: rows.map((row) => toResult(row, [])),
    totalResults: total,
    page: window.page,
    totalPages: window.totalPages,
    summary: {
      total: summary.total,
      passed: summary.passed,
      failed: summary.total - summary.passed,
      averagePercent: summary.averagePercent,
    },
  };
}

/** `GET admin/getquizresult/{id}`: one result with every answer. */
export async function getResult(store: Store, id: string): Promise<ResultResponse> {
  const result = found(await findResultWithParticipant(store.db, id), resultNotFoundMessage);
  const [answers, agreement] = await Promise.all([
    listAnswers(store.db, id),
    findLatestAgreement(store.db, result.participant.id),
  ]);
  return {
    result: toResult(
      result,
      answers.map((answer) => ({
        question: answer.questionText,
        userAnswer: answer.userAnswer,
        correctAnswer: answer.correctAnswer,
        categoryName: answer.categoryName,
        isCorrect: answer.isCorrect,
      })),
    ),
    agreement: agreement ? toSignedAgreement(agreement) : null,
  };
}
