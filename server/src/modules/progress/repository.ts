import { CompiledQuery, sql } from 'kysely';
import { statementText } from '../../db/statements/statement-cache';
import { valuesRows, type ListColumn } from '../../db/statements/values-list';
import type { Dialect, Executor } from '../../db/types';

/** An answer as saved, with its time and the time spent on it so far. */
export interface SavedAnswerRecord {
  questionId: string;
  userAnswer: string;
  answeredAt: string;
  timeMs: number;
}

/** One answer save to write: its guards (session, version) are checked by the statement itself. */
export interface AnswerSave {
  participantId: string;
  sessionId: string;
  questionId: string;
  userAnswer: string;
  /** The question set version the save is to: it must be the participant's pinned one. */
  version: number;
  /** The version a participant without a pinned one (consented before versions were kept) answers. */
  currentVersion: number;
  timeMs: number;
  answeredAt: string;
  /**
   * The reply lists the participant's answers saved after this time (ISO text, as `answered_at`);
   * '' for every answer.
   */
  after: string;
}

/** The largest `time_ms` kept: the sum of a question's saves stops there rather than overflow. */
export const maxTimeMs = 2_147_483_647;

/**
 * The guards of a save, on `participants` joined to the saved row: the token's session holds the
 * participant, the version is theirs, they signed the consent and have not submitted. A save that
 * fails one is skipped, not an error; why is read afterwards, for it alone.
 */
const guards = (row: string) => `participants.owner_session = ${row}.session_id
    and coalesce(participants.question_set_version, ${row}.current_version) = ${row}.version
    and exists (select 1 from agreements where agreements.participant_id = participants.id)
    and not exists (select 1 from results where results.participant_id = participants.id)`;

// The sum is taken in 64 bits (PostgreSQL's integer would overflow before it is capped).
const upsert = (dialect: Dialect) => `on conflict (participant_id, question_id) do update set
    user_answer = excluded.user_answer,
    answered_at = excluded.answered_at,
    time_ms = ${
      dialect === 'postgres'
        ? `least(progress_answers.time_ms::bigint + excluded.time_ms, ${maxTimeMs})`
        : `min(progress_answers.time_ms + excluded.time_ms, ${maxTimeMs})`
    }`;

const savedColumns = 'question_id, user_answer, answered_at, time_ms';

/** SQLite: one save, stored when its guards hold; gives the question's id when it was. */
const sqliteSave = `
  insert into progress_answers (participant_id, question_id, user_answer, answered_at, time_ms)
  select participants.id, sent.question_id, sent.user_answer, sent.answered_at, sent.time_ms
  from (select ? as participant_id, ? as session_id, ? as question_id, ? as user_answer, ? as version,
    ? as current_version, ? as time_ms, ? as answered_at) as sent
  join participants on participants.id = sent.participant_id
  where ${guards('sent')}
  ${upsert('sqlite')}
  returning question_id`;

/**
 * SQLite: the answers each participant saved after a time (a JSON list of [id, time] pairs; '' for
 * every answer). A participant's rows are found through the primary key (participant, question),
 * at most one per question of the set.
 */
const sqliteAnswers = `select asked.value ->> 0 as participant_id, ${savedColumns}
  from json_each(?) as asked
  join progress_answers on progress_answers.participant_id = asked.value ->> 0
    and progress_answers.answered_at > asked.value ->> 1`;

/** Each participant of a batch once, with the earliest `after` of their saves in it. */
export function answersAsked(saves: readonly AnswerSave[]): Map<string, string> {
  const asked = new Map<string, string>();
  for (const save of saves) {
    const earlier = asked.get(save.participantId);
    if (earlier === undefined || save.after < earlier) asked.set(save.participantId, save.after);
  }
  return asked;
}

const saveValues = (save: AnswerSave) => [
  save.participantId,
  save.sessionId,
  save.questionId,
  save.userAnswer,
  save.version,
  save.currentVersion,
  save.timeMs,
  save.answeredAt,
];

/** PostgreSQL's row of a save: the SQLite one and its `after`. */
const postgresValues = (save: AnswerSave) => [...saveValues(save), save.after];

const sentColumns =
  'participant_id, session_id, question_id, user_answer, version, current_version, time_ms, answered_at, after';
const sentTypes: ListColumn[] = ['text', 'text', 'text', 'text', 'integer', 'integer', 'integer', 'text', 'text'];

/**
 * SQLite: the statements of a batch of saves, run in order in one transaction (the write
 * thread's): each save, then the answers the batch's replies list, as they stand after the saves
 * (one read for the batch: a statement a save less to run). Each save is its own statement, so a
 * save's rows say whether it was stored and any number of saves of one question follow each other
 * as they came.
 */
export function sqliteSaveStatements(saves: readonly AnswerSave[]): CompiledQuery[] {
  return [
    ...saves.map((save) => CompiledQuery.raw(sqliteSave, saveValues(save))),
    CompiledQuery.raw(sqliteAnswers, [JSON.stringify([...answersAsked(saves)])]),
  ];
}

/**
 * PostgreSQL: a batch of saves as one statement (its own transaction, one round trip). The saves
 * must be one per participant and question (the caller merges repeats: the last answer, the times
 * added up), since one statement may change a row only once. It gives the rows the batch stored,
 * each with the `position` of its save, and, with a null position, each other answer of a
 * participant with a stored save that was saved after the `after` of one of their saves. Rows are
 * written in key order, so two batches never wait for each other's rows in opposite orders.
 */
export function postgresSaveStatement(saves: readonly AnswerSave[]): CompiledQuery {
  const text = statementText(
    'answer-saves:postgres',
    saves.length,
    () => `
    with sent (position, ${sentColumns}) as (values ${valuesRows('postgres', saves.length, sentTypes, { position: true })}),
    passed as (
      select sent.* from sent join participants on participants.id = sent.participant_id
      where ${guards('sent')}),
    stored as (
      insert into progress_answers (participant_id, question_id, user_answer, answered_at, time_ms)
      select participant_id, question_id, user_answer, answered_at, time_ms from passed
      order by participant_id, question_id
      ${upsert('postgres')}
      returning participant_id, ${savedColumns})
    select passed.position, stored.participant_id, ${prefixed('stored')}
    from stored join passed on passed.participant_id = stored.participant_id and passed.question_id = stored.question_id
    union all
    select null, kept.participant_id, ${prefixed('kept')}
    from (select participant_id, min(after) as after from passed group by participant_id) as asked
    cross join lateral (select * from progress_answers
      where progress_answers.participant_id = asked.participant_id
        and progress_answers.answered_at > asked.after) as kept
    where not exists (select 1 from stored
      where stored.participant_id = kept.participant_id and stored.question_id = kept.question_id)`,
  );
  return CompiledQuery.raw(text, saves.flatMap(postgresValues));
}

const prefixed = (table: string) =>
  savedColumns
    .split(', ')
    .map((column) => `${table}.${column}`)
    .join(', ');

/** A row of saved answers as either engine gives it. */
export interface SavedAnswerRow {
  question_id: string;
  user_answer: string;
  answered_at: string;
  time_ms: number | string;
}

export const toSavedAnswer = (row: SavedAnswerRow): SavedAnswerRecord => ({
  questionId: row.question_id,
  userAnswer: row.user_answer,
  answeredAt: row.answered_at,
  timeMs: Number(row.time_ms),
});

/** Why a save was not stored: who holds the participant, their version, consent and submission. */
export async function findSaveFacts(db: Executor, participantId: string) {
  const row = await db
    .selectFrom('participants')
    .select((eb) => [
      'participants.owner_session',
      'participants.question_set_version',
      eb
        .exists(
          eb
            .selectFrom('agreements')
            .select(sql`1`.as('one'))
            .whereRef('agreements.participant_id', '=', 'participants.id'),
        )
        .as('consented'),
      eb
        .exists(
          eb
            .selectFrom('results')
            .select(sql`1`.as('one'))
            .whereRef('results.participant_id', '=', 'participants.id'),
        )
        .as('submitted'),
    ])
    .where('participants.id', '=', participantId)
    .executeTakeFirst();
  return (
    row && {
      ownerSession: row.owner_session,
      questionSetVersion: row.question_set_version,
      // SQLite gives 0 or 1, PostgreSQL a boolean.
      consented: Number(row.consented) === 1,
      submitted: Number(row.submitted) === 1,
    }
  );
}
