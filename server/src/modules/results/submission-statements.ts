import { CompiledQuery } from 'kysely';
import { isPostgres } from '../../db/postgres/postgres';
import type { StatementCondition } from '../../db/statements/condition';
import { executeInOrder, type ListedStatement } from '../../db/statements/execute';
import { statementText } from '../../db/statements/statement-cache';
import { valuesRows, type ListColumn } from '../../db/statements/values-list';
import type { Dialect, Executor } from '../../db/types';
import {
  carriedDetailsRows,
  carriedDetailsTable,
  carriedDetailsUpdate,
  type CarriedDetails,
} from '../participants/service';
import { aggregateInserts, batchShard, groupedInserts, submissionGroups, type InsightCodes } from '../insights/service';
import { bit, encodeAnswers, encodeCategories } from './codecs';
import type { AnswerRecord, ResultCategoryRecord, ResultRecord } from './records';

/** A submission to store: its result with the category figures, and its answers. */
export interface NewSubmission {
  result: ResultRecord;
  categories: readonly ResultCategoryRecord[];
  answers: readonly AnswerRecord[];
  /** The participant's details it carried, written only if it is stored (see `carriedDetailsUpdate`). */
  details?: CarriedDetails;
  /**
   * The current question set version: the one a participant without a pinned version (who
   * consented before versions were kept) answers. The result's own version must be the
   * participant's; a result without one is not checked against it.
   */
  currentVersion?: number;
  /**
   * Its answers' codes for the Insights aggregates (`insightCodes`), which the submission adds to
   * in its statements; without them (callers that store results with no answers) the result
   * counts in the totals and score counts alone.
   */
  insight?: InsightCodes;
}

/** The codes as the statements take them: two JSON lists. */
const codeTexts = (insight: InsightCodes | undefined): [string, string] =>
  insight ? [`[${insight.items.join(',')}]`, `[${insight.categories.join(',')}]`] : ['[]', '[]'];

/** A stored result's columns the aggregates read (`aggregateInserts`). */
const aggregatedColumns = 'id, participant_id, correct, percent, passed, created_at, categories, question_set_version';

/**
 * The most submissions one call of `submissionStatements` stores: each value is a parameter of its
 * own, and a statement takes at most 32,766 on SQLite (12 per result) and 65,535 on PostgreSQL
 * (15 per submission, and up to 8 more for the details it carried). The group commit sends at most
 * `submissionsPerBatch`.
 */
export const submissionsPerStatement = 2500;

/**
 * The statements that store many submissions, each value a parameter of its own: one on
 * PostgreSQL, two or three on SQLite. The first gives the `id` of each result it stored. A
 * submission is skipped, not an error, when its participant already has a result (they keep it) or
 * is gone; its id is then missing from those rows, and neither its answers nor the details it
 * carried are written. So a submission needs no read before it is written: the reason for a skip is
 * read afterwards, for the few that are skipped.
 *
 * On PostgreSQL the one statement is also its own transaction: one round trip for a batch, where
 * a transaction around the statements took four, each waiting for the event loop to take its
 * answer. On SQLite the caller's transaction (the write thread's commit) holds them.
 *
 * Parameters, not one JSON document of all the rows: both databases parsed such a document again
 * for each value taken from it, and SQLite also rendered each answer list back to text, a large
 * share of the time either spent writing a batch.
 */
export function submissionStatements(db: Executor, submissions: readonly NewSubmission[]): ListedStatement[] {
  if (submissions.length > submissionsPerStatement) {
    throw new RangeError(
      `At most ${submissionsPerStatement} submissions are stored in one statement, not ${submissions.length}`,
    );
  }
  const count = submissions.length;
  const carried = carriedDetailsRows(
    submissions.map(({ result, details = {} }) => ({
      participantId: result.participantId,
      resultId: result.id,
      details,
      updatedAt: result.createdAt,
    })),
  );
  if (isPostgres(db)) {
    const parameters: unknown[] = [batchShard('postgres')];
    for (const { result, categories, answers, currentVersion, insight } of submissions) {
      parameters.push(
        ...resultValues(result, categories),
        currentVersion ?? null,
        encodeAnswers(answers),
        ...codeTexts(insight),
      );
    }
    // The carried details' parameters follow the submissions'.
    const firstCarried = parameters.length + 1;
    parameters.push(...carried.parameters);
    const text = statementText(
      `submissions:postgres:${carried.count}`,
      count,
      () => `
      with submitted (position, ${submittedColumns}, current_version, answers, insight_items, insight_categories) as (
        values ${valuesRows('postgres', count, [...submittedTypes, 'integer', 'text', 'text', 'text'], { position: true, firstParameter: 2 })}),
      stored as (${storeSubmitted('postgres')}),
      stored_codes as (
        select ${aggregatedColumns
          .split(', ')
          .map((column) => `stored.${column}`)
          .join(', ')}, submitted.insight_items, submitted.insight_categories
        from stored join submitted on submitted.id = stored.id),
      ${aggregateInserts('postgres', 'stored_codes', '$1::int')
        .map(({ table, text }) => `aggregated_${table} as (${text})`)
        .join(',\n      ')},
      answered as (
        insert into result_answers (result_id, answers)
        select submitted.id, submitted.answers from submitted join stored on stored.id = submitted.id
        returning result_id)${
          carried.count === 0
            ? ''
            : `,
      ${carriedDetailsTable('postgres', carried.count, firstCarried)},
      detailed as (${carriedDetailsUpdate('stored')})`
        }
      select id from stored`,
    );
    return [CompiledQuery.raw(text, parameters)];
  }
  const results: unknown[] = [];
  const answers: unknown[] = [];
  const codes = submissions.map(({ result, insight }) => {
    const [items, categories] = codeTexts(insight);
    return { id: result.id, insight_items: items, insight_categories: categories };
  });
  for (const { result, categories, answers: list, currentVersion } of submissions) {
    results.push(...resultValues(result, categories), currentVersion ?? null);
    answers.push(result.id, encodeAnswers(list));
  }
  // A result id of the batch that is not in the table was skipped (ids are new, so one that is
  // there was stored just now). SQLite names the columns of a VALUES list column1, column2.
  const statements: ListedStatement[] = [
    CompiledQuery.raw(
      statementText(
        'submissions:sqlite',
        count,
        () => `
        with submitted (position, ${submittedColumns}, current_version) as (values ${valuesRows('sqlite', count, [...submittedTypes, 'integer'], { position: true })})
        ${storeSubmitted('sqlite')}`,
      ),
      results,
    ),
    CompiledQuery.raw(
      statementText(
        'submission-answers:sqlite',
        count,
        () => `
        insert into result_answers (result_id, answers)
        select column1, column2 from (values ${valuesRows('sqlite', count, ['text', 'text'])})
        where exists (select 1 from results where results.id = column1)`,
      ),
      answers,
    ),
  ];
  // The aggregates but the answer times, grouped here, added when every result of the batch was
  // stored: when the first statement gave every id (`StatementCondition`).
  const allStored = { rowsOf: 0, compare: 'equal', count } as const;
  for (const { table, values } of submissionGroups(submissions)) {
    if (values.length === 0) continue;
    statements.push(when(CompiledQuery.raw(groupedInserts[table], [JSON.stringify(values)]), allStored));
  }
  // Otherwise, from the batch's results that were stored (their ids are in the table now; ids are
  // new, so each one there was stored just now), as the statements group them; and the answer
  // times, from the saved answers, always. Each statement is sent the ids and the code lists it
  // reads, no more.
  aggregateInserts('sqlite', 'stored', '0').forEach((insert) => {
    const grouped = insert.table !== 'insight_times';
    const columns = ['id', ...insert.codes] as const;
    const text = statementText(
      `submission-aggregates:sqlite:${insert.table}`,
      count,
      () => `
      with batch (${columns.join(', ')}) as (values ${valuesRows(
        'sqlite',
        count,
        columns.map(() => 'text'),
      )}),
      stored as (
        select ${aggregatedColumns
          .split(', ')
          .map((column) => `results.${column}`)
          .concat(insert.codes.map((column) => `batch.${column}`))
          .join(', ')}
        from batch join results on results.id = batch.id)
      ${insert.text}`,
    );
    const statement = CompiledQuery.raw(
      text,
      codes.flatMap((row) => columns.map((column) => row[column])),
    );
    statements.push(grouped ? when(statement, { ...allStored, compare: 'fewer' }) : statement);
  });
  if (carried.count > 0) {
    const text = statementText(
      'carried-details:sqlite',
      carried.count,
      () => `
      with ${carriedDetailsTable('sqlite', carried.count)} ${carriedDetailsUpdate('results')}`,
    );
    statements.push(CompiledQuery.raw(text, carried.parameters));
  }
  return statements;
}

/** `statement`, run only when `condition` holds. */
const when = (statement: CompiledQuery, condition: StatementCondition): ListedStatement => ({
  ...statement,
  when: condition,
});

/** The columns of a result as `submissionStatements` writes them, and their types. */
const submittedColumns =
  'id, participant_id, session_id, correct, wrong, total, percent, passed, created_at, categories, question_set_version';
const submittedTypes: ListColumn[] = [
  'text',
  'text',
  'text',
  'integer',
  'integer',
  'integer',
  'integer',
  'integer',
  'text',
  'text',
  'integer',
];

function resultValues(result: ResultRecord, categories: readonly ResultCategoryRecord[]): unknown[] {
  return [
    result.id,
    result.participantId,
    result.sessionId,
    result.correct,
    result.wrong,
    result.total,
    result.percent,
    bit(result.passed),
    result.createdAt,
    encodeCategories(categories),
    result.questionSetVersion,
  ];
}

/**
 * Stores the results of `submitted` whose participant is there and may submit: held by the
 * submitting session, with a signed consent, answering the result's question set version. One who
 * has a result keeps it. In the order given, so the first of two submissions of one participant in
 * a batch is the one stored. On PostgreSQL each result also gets its search text (migration 0004)
 * from the participant row it is checked against, instead of from a row trigger (migration 0008).
 * (The `where` also keeps SQLite from reading `on conflict` as the `on` of a join: an upsert whose
 * rows come from a select needs one.)
 */
function storeSubmitted(dialect: Dialect): string {
  const searchText = dialect === 'postgres';
  return `
    insert into results (${submittedColumns}${searchText ? ', search_text' : ''})
    select ${submittedColumns
      .split(', ')
      .map((column) => `submitted.${column}`)
      .join(', ')}${searchText ? ', participants.name_lower || chr(10) || participants.email_lower' : ''}
    from submitted join participants on participants.id = submitted.participant_id
    where participants.owner_session = submitted.session_id
      and (submitted.question_set_version is null
        or coalesce(participants.question_set_version, submitted.current_version) = submitted.question_set_version)
      and exists (select 1 from agreements where agreements.participant_id = participants.id)
    order by submitted.position
    on conflict (participant_id) do nothing
    returning ${dialect === 'postgres' ? aggregatedColumns : 'id'}`;
}

/** The ids the first of `submissionStatements` gave: the results stored. */
export function storedResultIds(rows: readonly unknown[]): Set<string> {
  return new Set(rows.map((row) => (row as { id: string }).id));
}

/** Stores many submissions (see `submissionStatements`); the ids of the results stored. */
export async function insertSubmissions(db: Executor, submissions: readonly NewSubmission[]): Promise<Set<string>> {
  const [stored = []] = await executeInOrder(db, submissionStatements(db, submissions));
  return storedResultIds(stored);
}

/** Stores one submission; false when the participant already has a result (nothing is written). */
export async function insertSubmission(db: Executor, submission: NewSubmission): Promise<boolean> {
  return (await insertSubmissions(db, [submission])).size === 1;
}
