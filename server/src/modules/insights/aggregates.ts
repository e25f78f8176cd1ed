import { insightTimeBucketsMs } from '@prometrica/shared-api/contract';
import type { Dialect } from '../../db/types';
import { answerLayout, type AnswerLayout, type VersionedQuestion } from '../questions/service';
import type { AnswerRecord } from '../results/service';

// What a submission adds to the aggregates of migration 0017 (docs/insights.md), and the SQL that
// adds it in the submission's own statements. The statements take, per submission, two short JSON
// lists made here (`InsightCodes`); everything else they read from the result row being stored.

/**
 * A version's categories in quiz order (first appearance) and each question's category index, with
 * how its questions take answers (`answerLayout`: positions by id, offered answers' indexes).
 */
export interface VersionLayout extends AnswerLayout {
  categories: string[];
  categoryOf: number[];
}

const layouts = new WeakMap<readonly VersionedQuestion[], VersionLayout>();

export function versionLayout(records: readonly VersionedQuestion[]): VersionLayout {
  let layout = layouts.get(records);
  if (!layout) {
    const categories: string[] = [];
    const index = new Map<string, number>();
    const categoryOf = records.map((record) => {
      let at = index.get(record.category.name);
      if (at === undefined) {
        at = categories.length;
        index.set(record.category.name, at);
        categories.push(record.category.name);
      }
      return at;
    });
    layout = { ...answerLayout(records), categories, categoryOf };
    layouts.set(records, layout);
  }
  return layout;
}

/**
 * One answer's code: (choice + 1) · 2 + correct, where choice is the offered answer's index (-1
 * for fill in the blanks, or an answer that is none of them) and correct 1 or 0.
 */
export const answerCode = (choice: number, correct: boolean) => (choice + 1) * 2 + (correct ? 1 : 0);

/** A submission's part of the aggregates: per question its answer code, per category its raw score. */
export interface InsightCodes {
  /** Answer codes in the version's question order (`answerCode`). */
  items: number[];
  /** Correct answers per category, in the version's category order. */
  categories: number[];
}

/**
 * The codes of a submission's answers to `records` (a question left unanswered counts wrong, choice
 * -1; of two answers to one question, the later counts). Runs for every submission: it reads the
 * version's layout rather than building maps of its own.
 */
export function insightCodes(records: readonly VersionedQuestion[], answers: readonly AnswerRecord[]): InsightCodes {
  const layout = versionLayout(records);
  const chosen = new Array<AnswerRecord | undefined>(records.length);
  for (const answer of answers) {
    const position = layout.positionOf.get(answer.questionId);
    if (position !== undefined) chosen[position] = answer;
  }
  const categories = layout.categories.map(() => 0);
  const items = new Array<number>(records.length);
  for (let position = 0; position < records.length; position++) {
    const answer = chosen[position];
    if (!answer) {
      items[position] = answerCode(-1, false);
      continue;
    }
    if (answer.isCorrect) categories[layout.categoryOf[position]!]! += 1;
    const choice = layout.choices[position]?.get(answer.userAnswer.trim().toLowerCase()) ?? -1;
    items[position] = answerCode(choice, answer.isCorrect);
  }
  return { items, categories };
}

/** The bucket (index into `insightTimeBucketsMs`) a time falls in. */
export function timeBucket(ms: number): number {
  let bucket = 0;
  while (bucket + 1 < insightTimeBucketsMs.length && ms >= insightTimeBucketsMs[bucket + 1]!) bucket += 1;
  return bucket;
}

/** `timeBucket` in SQL, of an integer column. */
export function timeBucketSql(column: string): string {
  const steps = insightTimeBucketsMs
    .slice(1)
    .map((lower, index) => `when ${column} < ${lower} then ${index}`)
    .join(' ');
  return `case ${steps} else ${insightTimeBucketsMs.length - 1} end`;
}

/**
 * The periods a submission counts under: its UTC day (`YYYY-MM-DD`) and its month, marked with a
 * leading M (`MYYYY-MM`) so that months sort after every day and each kind is read by a range of
 * the key (periods.ts): the leading characters of its stored ISO time.
 */
export const submissionPeriods = (createdAt: string): [string, string] => [
  createdAt.slice(0, 10),
  `M${createdAt.slice(0, 7)}`,
];
const periodsRelation = `(select 10 as len, '' as mark union all select 7, 'M') as g`;

/** The aggregate tables (migration 0017), each with its key and the columns a row adds. */
export const aggregateLayouts = {
  result_period_totals: { key: ['period'], added: ['results', 'passed', 'percent_sum'] },
  result_percent_counts: { key: ['scope', 'percent'], added: ['count'] },
  insight_scores: { key: ['version', 'period', 'scope', 'score'], added: ['count'] },
  insight_answers: { key: ['version', 'period', 'position', 'choice', 'correct'], added: ['count', 'score_sum'] },
  insight_times: { key: ['version', 'period', 'question_id', 'bucket'], added: ['count'] },
} as const satisfies Record<string, { key: readonly string[]; added: readonly string[] }>;
export type AggregateTable = keyof typeof aggregateLayouts;

/** A table's columns in the order of its rows' values: its key, then what a row adds. */
const aggregateColumns = (table: AggregateTable): readonly string[] => [
  ...aggregateLayouts[table].key,
  ...aggregateLayouts[table].added,
];

/** Adds a row to the one of the same key (the select before it needs a `where`: SQLite reads
 * `on conflict` after a select without one as a join's `on`). */
const upsertTail = (table: AggregateTable) =>
  `on conflict (${aggregateLayouts[table].key.join(', ')}, shard) do update set ${aggregateLayouts[table].added
    .map((column) => `${column} = ${table}.${column} + excluded.${column}`)
    .join(', ')}`;

/**
 * The statements (SQLite) or common table expressions (PostgreSQL) that add a batch of stored
 * submissions to the aggregates. `stored` names a relation of the stored results' rows (id,
 * participant_id, correct, percent, passed, created_at, categories, question_set_version) with the
 * submission's codes as `insight_items` and `insight_categories` (JSON lists); `shard` is an SQL
 * expression. Rows are grouped by key, so each key is written once per batch, and in key order,
 * so batches written side by side on PostgreSQL take their row locks in the same order.
 */
export function aggregateInserts(dialect: Dialect, stored: string, shard: string): AggregateInsert[] {
  const pg = dialect === 'postgres';
  const versioned = `${stored}.question_set_version is not null`;
  const period = `g.mark || substr(${stored}.created_at, 1, g.len)`;
  const from = `${stored} cross join ${periodsRelation}`;
  const elements = (list: string, alias: string) =>
    pg
      ? `cross join lateral jsonb_array_elements_text(${list}::jsonb) with ordinality as ${alias}(value, ordinality)`
      : `cross join json_each(${list}) as ${alias}`;
  const element = (alias: string) => (pg ? `${alias}.value::int` : `${alias}.value`);
  const index = (alias: string) => (pg ? `(${alias}.ordinality - 1)::int` : `${alias}.key`);
  // Stored percents are whole numbers; rounded all the same, so a stray fraction cannot fail a submission.
  const categoryPercents = pg
    ? `select c.value->>0 as scope, round((c.value->>4)::numeric)::int as percent
       from ${stored} cross join lateral jsonb_array_elements(${stored}.categories::jsonb) as c(value)`
    : `select json_extract(c.value, '$[0]') as scope, cast(round(json_extract(c.value, '$[4]')) as integer) as percent
       from ${stored} cross join json_each(${stored}.categories) as c`;
  const statements: Array<[AggregateTable, string]> = [
    [
      'result_period_totals',
      `insert into result_period_totals (period, shard, results, passed, percent_sum)
     select ${period}, ${shard}, count(*), sum(${stored}.passed), sum(${stored}.percent) from ${from}
     where true group by 1 order by 1
     ${upsertTail('result_period_totals')}`,
    ],
    [
      'result_percent_counts',
      `insert into result_percent_counts (scope, percent, shard, count)
     select scope, percent, ${shard}, count(*) from (
       select '' as scope, ${stored}.percent as percent from ${stored}
       union all ${categoryPercents}) as p
     where true group by 1, 2 order by 1, 2
     ${upsertTail('result_percent_counts')}`,
    ],
    [
      'insight_scores',
      `insert into insight_scores (version, period, scope, score, shard, count)
     select version, period, scope, score, ${shard}, count(*) from (
       select ${stored}.question_set_version as version, ${period} as period, -1 as scope, ${stored}.correct as score
       from ${from} where ${versioned}
       union all
       select ${stored}.question_set_version, ${period}, ${index('c')}, ${element('c')}
       from ${from} ${elements(`${stored}.insight_categories`, 'c')} where ${versioned}) as s
     where true group by 1, 2, 3, 4 order by 1, 2, 3, 4
     ${upsertTail('insight_scores')}`,
    ],
    // The answers (a list of each submission's) are grouped by day once, then counted under the
    // day and the month: the lists are read once, not once per period.
    [
      'insight_answers',
      `insert into insight_answers (version, period, position, choice, correct, shard, count, score_sum)
     select d.version, g.mark || substr(d.day, 1, g.len), d.position, d.choice, d.correct, ${shard},
       sum(d.count), sum(d.score_sum)
     from (
       select ${stored}.question_set_version as version, substr(${stored}.created_at, 1, 10) as day,
         ${index('i')} as position, ${element('i')} / 2 - 1 as choice, ${element('i')} % 2 as correct,
         count(*) as count, sum(${stored}.correct) as score_sum
       from ${stored} ${elements(`${stored}.insight_items`, 'i')} where ${versioned}
       group by 1, 2, 3, 4, 5) as d
     cross join ${periodsRelation}
     where true group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
     ${upsertTail('insight_answers')}`,
    ],
    [
      'insight_times',
      `insert into insight_times (version, period, question_id, bucket, shard, count)
     select ${stored}.question_set_version, ${period}, t.question_id, ${timeBucketSql('t.time_ms')}, ${shard}, count(*)
     from ${from} join progress_answers as t on t.participant_id = ${stored}.participant_id
     where ${versioned} and t.time_ms > 0
     group by 1, 2, 3, 4 order by 1, 2, 3, 4
     ${upsertTail('insight_times')}`,
    ],
  ];
  return statements.map(([table, text]) => ({
    table,
    text,
    codes: (['insight_items', 'insight_categories'] as const).filter((column) => text.includes(column)),
  }));
}

/** One aggregate's insert, and which of the submission's code lists it reads. */
export interface AggregateInsert {
  table: AggregateTable;
  text: string;
  codes: ReadonlyArray<'insight_items' | 'insight_categories'>;
}

/** The aggregates a batch's rows are grouped for as it is composed: all but the answer times. */
export type GroupedTable = Exclude<AggregateTable, 'insight_times'>;

/**
 * SQLite's statement, per table, that adds a batch's rows of one aggregate, grouped as the batch is
 * composed (`submissionGroups`) and sent as one JSON list of lists: the caller runs it only when
 * every submission of the batch was stored (a batch with a skip adds its stored ones through
 * `aggregateInserts` instead). Grouping in the statements cost a batch of 64 2.5 ms of the write
 * thread; the grouped rows take less than a third of that (docs/performance.md). PostgreSQL's
 * batch statement groups in SQL still: there the grouped rows, sent as arrays, measured no faster
 * under load.
 */
export const groupedInserts = Object.fromEntries(
  (Object.keys(aggregateLayouts) as AggregateTable[])
    .filter((table): table is GroupedTable => table !== 'insight_times')
    .map((table) => {
      const columns = aggregateColumns(table);
      const text = `insert into ${table} (${columns.join(', ')}, shard)
    select ${columns.map((_, index) => `d.value ->> ${index}`).join(', ')}, 0 from json_each(?) as d
    where true
    ${upsertTail(table)}`;
      return [table, text];
    }),
) as Record<GroupedTable, string>;

/** A submission as a batch composes it: its result, its category figures and its answers' codes. */
export interface SubmittedFigures {
  result: { correct: number; percent: number; passed: boolean; createdAt: string; questionSetVersion: number | null };
  categories: readonly { categoryName: string; percent: number }[];
  insight?: InsightCodes;
}

/** Room for a score, an answer code or a category index in a numeric key (65,536 each). */
const keyRoom = 65_536;

/** Adds `values` into the list under `key`, element by element (a copy of them when there is none). */
function addInto<K>(map: Map<K, number[]>, key: K, values: readonly number[]): void {
  const found = map.get(key);
  if (found) values.forEach((value, index) => (found[index]! += value));
  else map.set(key, [...values]);
}

/** Counts by numeric key, under a string key. */
type Counts = Map<string, Map<number, number[]>>;

function bumpCounts(groups: Counts, group: string, key: number, count: number, sum = 0): void {
  let counts = groups.get(group);
  if (!counts) groups.set(group, (counts = new Map()));
  const found = counts.get(key);
  if (found) {
    found[0]! += count;
    found[1]! += sum;
  } else counts.set(key, [count, sum]);
}

/**
 * What a batch of submissions adds to each aggregate but the answer times (which the statements
 * read from the saved answers), as rows in `aggregateColumns` order: the rows the rebuild would
 * count for the same results (the tests hold the two to agreeing). Counted under each submission's
 * day with numeric keys, then each day's counts added under its month as well, so an answer is
 * counted once here: this runs on the event loop for every batch.
 */
export function submissionGroups(
  submissions: readonly SubmittedFigures[],
): Array<{ table: GroupedTable; values: unknown[][] }> {
  const totals = new Map<string, number[]>();
  const percents: Counts = new Map();
  // Under `version␀day`: scores by (scope + 1, score), answers by (position, code).
  const scores: Counts = new Map();
  const answers: Counts = new Map();
  for (const { result, categories, insight } of submissions) {
    const [day] = submissionPeriods(result.createdAt);
    addInto(totals, day, [1, result.passed ? 1 : 0, result.percent]);
    bumpCounts(percents, '', result.percent, 1);
    for (const figure of categories) bumpCounts(percents, figure.categoryName, Math.round(figure.percent), 1);
    if (result.questionSetVersion === null) continue;
    const at = `${result.questionSetVersion}\u0000${day}`;
    bumpCounts(scores, at, result.correct, 1);
    insight?.categories.forEach((score, scope) => bumpCounts(scores, at, (scope + 1) * keyRoom + score, 1));
    insight?.items.forEach((code, position) => bumpCounts(answers, at, position * keyRoom + code, 1, result.correct));
  }
  // Each day's counts again under its month.
  const monthOf = (day: string) => submissionPeriods(day)[1];
  const withMonths = (groups: Counts): Counts => {
    const all: Counts = new Map(groups);
    for (const [at, counts] of groups) {
      const cut = at.indexOf('\u0000') + 1;
      const month = `${at.slice(0, cut)}${monthOf(at.slice(cut))}`;
      for (const [key, [count, sum]] of counts) bumpCounts(all, month, key, count!, sum);
    }
    return all;
  };
  const monthTotals = new Map(totals);
  for (const [day, values] of totals) addInto(monthTotals, monthOf(day), values);
  const rows = (groups: Counts, row: (group: string, key: number, count: number, sum: number) => unknown[]) => {
    const out: unknown[][] = [];
    for (const [group, counts] of groups)
      for (const [key, [count, sum]] of counts) out.push(row(group, key, count!, sum!));
    return out;
  };
  const versionAndPeriod = (at: string): [number, string] => {
    const cut = at.indexOf('\u0000');
    return [Number(at.slice(0, cut)), at.slice(cut + 1)];
  };
  return [
    {
      table: 'result_period_totals',
      values: [...monthTotals].map(([period, values]) => [period, ...values]),
    },
    { table: 'result_percent_counts', values: rows(percents, (scope, percent, count) => [scope, percent, count]) },
    {
      table: 'insight_scores',
      values: rows(withMonths(scores), (at, key, count) => [
        ...versionAndPeriod(at),
        Math.floor(key / keyRoom) - 1,
        key % keyRoom,
        count,
      ]),
    },
    {
      table: 'insight_answers',
      values: rows(withMonths(answers), (at, key, count, sum) => {
        const code = key % keyRoom;
        return [...versionAndPeriod(at), Math.floor(key / keyRoom), Math.floor(code / 2) - 1, code % 2, count, sum];
      }),
    },
  ];
}

/** Shards of the aggregates' rows on PostgreSQL (SQLite writes one batch at a time: one shard). */
export const aggregateShards = 4;

let nextShard = 0;

/** The shard a batch writes to: in turn, so batches in flight together write different rows. */
export function batchShard(dialect: Dialect): number {
  if (dialect !== 'postgres') return 0;
  nextShard = (nextShard + 1) % aggregateShards;
  return nextShard;
}
