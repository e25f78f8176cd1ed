import type { Kysely } from 'kysely';
import { rebuildAggregates } from '../../modules/insights/rebuild';
import type { Database } from '../types';
import { notNull } from './tables';

// Aggregates every submission keeps current, in its own transaction, so the Insights section, the
// results page's summary and the reports' percentiles read a few rows instead of every result
// (docs/insights.md). Each table is keyed by a period of the submission's UTC time, `period`: its
// day (YYYY-MM-DD) and its month (MYYYY-MM: after every day in the key's order), each submission
// counted under both, so a range of days is the sum of its whole months' rows and its other days'
// rows; those of Insights also by question-set version (first in the key). `shard` spreads the rows one key
// would have over a few (PostgreSQL writes several submission batches side by side, and each would
// wait on the others' row locks otherwise); readers sum over it. A row whose counts reach zero (an
// erasure) stays. The migration fills them from the stored results (`rebuildAggregates`, also the
// `insights:rebuild` command).
//
// - result_period_totals: results, passed and the sum of their (stored) percents per period.
// - insight_scores: participants per raw score (correct answers), overall (scope -1) and per
//   category (scope: the category's index in the version's quiz order, from 0).
// - insight_answers: per question (position in the version, from 0) and answer given (`choice`: the
//   offered answer's index; -1 for fill in the blanks), whether it was right: how many gave it and
//   the sum of their raw scores.
// - insight_times: per question (by id) and time bucket, answers whose saved time fell in it.
// - result_percent_counts: results per stored percent, overall (scope '') and per category name
//   (every result, of any version: the reports' percentiles).
const shardKey = <C extends string>(columns: C[]): Array<C | 'shard'> => [...columns, 'shard'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('result_period_totals')
    .$call(notNull('text', ['period']))
    .$call(notNull('integer', ['shard', 'results', 'passed']))
    .addColumn('percent_sum', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('result_period_totals_pkey', shardKey(['period']))
    .execute();
  await db.schema
    .createTable('insight_scores')
    .$call(notNull('integer', ['version']))
    .$call(notNull('text', ['period']))
    .$call(notNull('integer', ['scope', 'score', 'shard', 'count']))
    .addPrimaryKeyConstraint('insight_scores_pkey', shardKey(['version', 'period', 'scope', 'score']))
    .execute();
  await db.schema
    .createTable('insight_answers')
    .$call(notNull('integer', ['version']))
    .$call(notNull('text', ['period']))
    .$call(notNull('integer', ['position', 'choice', 'correct', 'shard', 'count']))
    .addColumn('score_sum', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('insight_answers_pkey', shardKey(['version', 'period', 'position', 'choice', 'correct']))
    .execute();
  await db.schema
    .createTable('insight_times')
    .$call(notNull('integer', ['version']))
    .$call(notNull('text', ['period', 'question_id']))
    .$call(notNull('integer', ['bucket', 'shard', 'count']))
    .addPrimaryKeyConstraint('insight_times_pkey', shardKey(['version', 'period', 'question_id', 'bucket']))
    .execute();
  await db.schema
    .createTable('result_percent_counts')
    .$call(notNull('text', ['scope']))
    .$call(notNull('integer', ['percent', 'shard', 'count']))
    .addPrimaryKeyConstraint('result_percent_counts_pkey', shardKey(['scope', 'percent']))
    .execute();
  await rebuildAggregates(db as Kysely<Database>);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'result_percent_counts',
    'insight_times',
    'insight_answers',
    'insight_scores',
    'result_period_totals',
  ])
    await db.schema.dropTable(table).execute();
}
