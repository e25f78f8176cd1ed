import { insightCsvColumns, type InsightQuestion, type InsightsQuery } from '@prometrica/shared-api/contract';
import type { Store } from '../../db/types';
import { toCsv, type CsvCell } from '../../lib/csv';
import { FileReply } from '../../lib/file-reply';
import { getInsights } from './service';

export const insightsCsvType = 'text/csv; charset=utf-8';

/** A figure as the CSV writes it: up to four decimals, empty when there is none. */
const decimal = (value: number | null, places = 4): CsvCell => (value === null ? null : Number(value.toFixed(places)));

/** The offered answers, `option: share; mean rest score %` each, separated by ` | `. */
const optionsCell = (question: InsightQuestion): string =>
  question.options
    .map(
      (option) =>
        `${option.option}${option.correct ? ' (key)' : ''}: ${option.share === null ? '' : option.share.toFixed(3)}; ${
          option.meanRestPercent === null ? '' : option.meanRestPercent.toFixed(1)
        }`,
    )
    .join(' | ');

export function questionRow(question: InsightQuestion): CsvCell[] {
  return [
    question.position,
    question.questionId,
    question.question,
    question.categoryName,
    question.questionType,
    question.correctAnswer,
    question.answered,
    decimal(question.facility),
    decimal(question.discrimination),
    optionsCell(question),
    question.medianTimeMs === null ? null : decimal(question.medianTimeMs / 1000, 1),
    question.flags.join(' '),
  ];
}

/**
 * `GET admin/insights/export`: the question table of the figures under the same filters, as CSV
 * (`insightCsvColumns`), made whole (one row per question of the version: small).
 */
export async function exportInsights(store: Store, query: InsightsQuery, now = new Date()): Promise<FileReply> {
  const figures = await getInsights(store, query);
  const text = toCsv([insightCsvColumns, ...figures.questions.map(questionRow)], { bom: true });
  const range = [figures.from, figures.to].filter((day) => day !== null).join('-to-');
  return new FileReply({
    contentType: insightsCsvType,
    filename: `insights-v${figures.version}${range ? `-${range}` : ''}-${now.toISOString().slice(0, 10)}.csv`,
    body: Buffer.from(text, 'utf8'),
    headers: { 'x-export-rows': String(figures.questions.length) },
  });
}
