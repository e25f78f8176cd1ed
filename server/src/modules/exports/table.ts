import { performanceOf } from '@prometrica/shared-api/contract';
import type { Executor } from '../../db/types';
import { decodeAnswers, decodeCategories, reportStatusOf, type ResultFilter } from '../results/service';
import {
  exportedCategoryNames,
  exportedVersions,
  unversionedQuestions,
  versionQuestions,
  type ExportedConcernRow,
  type ExportedResultRow,
} from './repository';
import { fromJsonList } from '../../lib/json-text';

// The columns of an export and the cells of each row, the same for CSV and XLSX. The columns are
// known before the first row is written (a file's header comes first) without reading the answers
// of 100,000 results twice: the category names come from one read of the results' figures, the
// questions from the question set versions the results answered (results stored before versions
// were kept: from their answers, read for those results only).

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

  constructor(
    readonly categories: readonly string[],
    readonly questions: readonly QuestionColumn[],
  ) {
    this.categoryAt = new Map(categories.map((name, index) => [name, leadingHeaders.length + index * categoryFigures.length]));
    this.answersFrom = leadingHeaders.length + categories.length * categoryFigures.length;
    this.questionAt = new Map(questions.map((question, index) => [question.id, this.answersFrom + index]));
    this.header = [
      ...leadingHeaders,
      ...categories.flatMap((name) => categoryFigures.map((figure) => `${name}: ${figure}`)),
      ...questions.map((question, index) => `Q${index + 1}: ${question.text}`),
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
      for (const answer of decodeAnswers(result.answers)) {
        const at = this.questionAt.get(answer.questionId);
        if (at !== undefined) cells[at] = answer.userAnswer;
      }
    }
    return cells;
  }
}

/**
 * The results sheet's columns for the results under the filter: every category named in their
 * figures (by name, any case order kept stable: alphabetical), and every question they answered, by
 * id, in the order first met (older versions first, quiz order within one), headed with the text of
 * the newest version that holds it.
 */
export async function resultTable(db: Executor, filter: ResultFilter): Promise<ResultTable> {
  const [categories, versions] = await Promise.all([exportedCategoryNames(db, filter), exportedVersions(db, filter)]);
  const questions = new Map<string, string>();
  if (versions.includes(null)) {
    for (const question of await unversionedQuestions(db, filter)) {
      if (!questions.has(question.id)) questions.set(question.id, question.text);
    }
  }
  const numbered = versions.filter((version): version is number => version !== null).sort((a, b) => a - b);
  for (const version of numbered) {
    for (const question of await versionQuestions(db, version)) questions.set(question.id, question.question);
  }
  const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return new ResultTable(
    [...categories].sort((a, b) => byName.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)),
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
