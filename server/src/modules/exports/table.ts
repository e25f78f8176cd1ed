import { performanceOf } from '@prometrica/shared-api/contract';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Store } from '../../db/types';
import { fromJsonList } from '../../lib/json-text';
import { questionSet } from '../questions/service';
import { decodeAnswers, decodeCategories, reportStatusOf, type ResultFilter } from '../results/service';
import { readColumnChunk, type ExportedConcernRow, type ExportedResultRow, type ResultCursor } from './repository';

// The columns of an export and the cells of each row, the same for CSV and XLSX. The columns are
// known before the first row is written (a file's header comes first) without reading any answers
// twice: one cheap pass over the results' category figures and question set versions (a chunk at a
// time, the event loop free between chunks) gives the category names and the versions answered;
// the questions are those versions' (kept by the question set), and for results stored before
// versions were kept, the current question bank's. An answer to a question outside the columns (a
// question deleted before versions were kept) still has a place: the last column, "Other answers".

/** One cell: text, a number, or nothing. */
export type Cell = string | number | null;

/** The columns before the categories and the answers. */
const leadingHeaders = [
  'Result ID',
  'Participant ID',
  'Name',
  'Email',
  'Phone',
  'Entered',
  'Invited',
  'Consented',
  'Submitted',
  'Concerns rated',
  'Question set version',
  'Correct',
  'Wrong',
  'Total',
  'Percent',
  'Passed',
  'Report status',
  'Report released',
  'Report opened',
] as const;

/** What each category gets a column of. */
const categoryFigures = ['correct', 'total', 'percent', 'band'] as const;

/** A question's column: by the question's id, headed with its number and text. */
export interface QuestionColumn {
  id: string;
  text: string;
}

/** The results sheet: its header and how a row of it is made. */
export class ResultTable {
  readonly header: string[];
  private readonly categoryAt: Map<string, number>;
  private readonly questionAt: Map<string, number>;
  private readonly answersFrom: number;
  private readonly otherAt: number;

  constructor(
    readonly categories: readonly string[],
    readonly questions: readonly QuestionColumn[],
  ) {
    this.categoryAt = new Map(
      categories.map((name, index) => [name, leadingHeaders.length + index * categoryFigures.length]),
    );
    this.answersFrom = leadingHeaders.length + categories.length * categoryFigures.length;
    this.questionAt = new Map(questions.map((question, index) => [question.id, this.answersFrom + index]));
    this.otherAt = this.answersFrom + questions.length;
    this.header = [
      ...leadingHeaders,
      ...categories.flatMap((name) => categoryFigures.map((figure) => `${name}: ${figure}`)),
      ...questions.map((question, index) => `Q${index + 1}: ${question.text}`),
      'Other answers',
    ];
  }

  /** One result's row: a cell per column, empty where the result has no such category or question. */
  row(result: ExportedResultRow): Cell[] {
    const report = { releasedAt: result.released_at, openedAt: result.opened_at };
    const cells: Cell[] = new Array<Cell>(this.header.length).fill(null);
    const leading: Cell[] = [
      result.id,
      result.participant_id,
      result.name,
      result.email,
      result.phone,
      result.entered_at,
      result.invited_at,
      result.consented_at,
      result.created_at,
      result.concerns_at,
      result.question_set_version === null ? null : Number(result.question_set_version),
      Number(result.correct),
      Number(result.wrong),
      Number(result.total),
      Number(result.percent),
      Number(result.passed) === 1 ? 'yes' : 'no',
      reportStatusOf(report),
      report.releasedAt,
      report.openedAt,
    ];
    for (let index = 0; index < leading.length; index += 1) cells[index] = leading[index]!;
    for (const figure of decodeCategories(result.categories)) {
      const at = this.categoryAt.get(figure.categoryName);
      if (at === undefined) continue;
      cells[at] = figure.correct;
      cells[at + 1] = figure.total;
      cells[at + 2] = figure.percent;
      cells[at + 3] = performanceOf(figure.percent);
    }
    if (result.answers !== null) {
      const others: string[] = [];
      for (const answer of decodeAnswers(result.answers)) {
        const at = this.questionAt.get(answer.questionId);
        if (at === undefined) others.push(`${answer.questionText}: ${answer.userAnswer}`);
        else cells[at] = answer.userAnswer;
      }
      if (others.length > 0) cells[this.otherAt] = others.join('\n');
    }
    return cells;
  }
}

/** Results read per chunk while finding the columns (their figures only: a few hundred bytes each). */
const columnChunkSize = 5000;

/** The category names and question set versions of the results under the filter, a chunk at a time. */
async function namesAndVersions(store: Store, filter: ResultFilter) {
  const names = new Set<string>();
  const versions = new Set<number | null>();
  let cursor: ResultCursor | undefined;
  for (;;) {
    const chunk = await readColumnChunk(store.db, filter, cursor, columnChunkSize);
    for (const result of chunk) {
      for (const figure of decodeCategories(result.categories)) names.add(figure.categoryName);
      versions.add(result.question_set_version === null ? null : Number(result.question_set_version));
    }
    if (chunk.length < columnChunkSize) return { names, versions };
    const last = chunk.at(-1)!;
    cursor = { createdAt: last.created_at, id: last.id };
    await nextTurn();
  }
}

/**
 * The results sheet's columns for the results under the filter: every category named in their
 * figures (alphabetical, any case), and every question of the question sets they answered, by id,
 * in the order first met (the current bank first for results stored before versions were kept,
 * then older versions first, quiz order within one), headed with the text of the newest set that
 * holds it.
 */
export async function resultTable(store: Store, filter: ResultFilter): Promise<ResultTable> {
  const { names, versions } = await namesAndVersions(store, filter);
  const questions = new Map<string, string>();
  const sets = questionSet(store);
  if (versions.has(null)) for (const question of await sets.records()) questions.set(question.id, question.question);
  const numbered = [...versions].filter((version): version is number => version !== null).sort((a, b) => a - b);
  for (const number of numbered) {
    const version = await sets.version(number);
    for (const question of version?.records ?? []) questions.set(question.id, question.question);
  }
  const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return new ResultTable(
    [...names].sort((a, b) => byName.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)),
    [...questions].map(([id, text]) => ({ id, text })),
  );
}

/** The concerns sheet: one row per rated concern. */
export const concernHeader = [
  'Result ID',
  'Participant ID',
  'Name',
  'Email',
  'Rated',
  'Concern',
  'Description',
  'Rating',
  'Status',
];

export function concernRow(rating: ExportedConcernRow): Cell[] {
  return [
    rating.result_id,
    rating.participant_id,
    rating.name,
    rating.email,
    rating.rated_at,
    rating.concern_title,
    rating.concern_description,
    fromJsonList(rating.chosen_options).join('; '),
    rating.status,
  ];
}
