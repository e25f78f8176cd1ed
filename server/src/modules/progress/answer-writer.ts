import { batchReporter } from '../../db/batch-metrics';
import { batchesInFlight, GroupCommit, type Outcome } from '../../db/group-commit';
import { perDatabase } from '../../db/per-database';
import { sqliteWriteThread } from '../../db/sqlite/sqlite';
import { executeKept } from '../../db/statements/execute';
import {
  maxTimeMs,
  postgresSaveStatement,
  sqliteSaveStatements,
  toSavedAnswer,
  type AnswerSave,
  type SavedAnswerRecord,
  type SavedAnswerRow,
} from './repository';

/**
 * What became of one save: whether it was stored and, when it was, the answers of its participant
 * after it that were saved after its `after` (every one for '').
 */
export interface SaveOutcome {
  stored: boolean;
  answers: SavedAnswerRecord[];
}

/**
 * At most this many saves go in one batch (as for submissions: with `batchesInFlight` batches in
 * flight, the write thread commits at most that many together, which bounds how long the app's own
 * writes wait for SQLite's lock).
 */
export const savesPerBatch = 64;

const byTime = (a: SavedAnswerRecord, b: SavedAnswerRecord) =>
  a.answeredAt < b.answeredAt ? -1 : a.answeredAt > b.answeredAt ? 1 : a.questionId < b.questionId ? -1 : 1;

type BatchAnswerRow = SavedAnswerRow & { participant_id: string };

/** The batch's answers, by participant, in the order they were last saved. */
function answersByParticipant(rows: readonly BatchAnswerRow[]): Map<string, SavedAnswerRecord[]> {
  const answers = new Map<string, SavedAnswerRecord[]>();
  for (const row of rows) {
    let list = answers.get(row.participant_id);
    if (!list) answers.set(row.participant_id, (list = []));
    list.push(toSavedAnswer(row));
  }
  for (const list of answers.values()) if (list.length > 1) list.sort(byTime);
  return answers;
}

/**
 * The answers a stored save's reply lists: its participant's, saved after its `after` (the batch
 * read those after the earliest `after` of the participant's saves in it).
 */
function replyAnswers(answers: Map<string, SavedAnswerRecord[]>, save: AnswerSave): SavedAnswerRecord[] {
  const list = answers.get(save.participantId) ?? [];
  return save.after === '' ? list : list.filter((answer) => answer.answeredAt > save.after);
}

/** SQLite: each save's statement gave whether it was stored; the last, the participants' answers. */
function sqliteOutcomes(saves: readonly AnswerSave[], rows: readonly unknown[][]): Outcome<SaveOutcome>[] {
  const answers = answersByParticipant((rows[saves.length] ?? []) as BatchAnswerRow[]);
  return saves.map((save, index) => {
    const stored = (rows[index] ?? []).length > 0;
    return { ok: true, value: { stored, answers: stored ? replyAnswers(answers, save) : [] } };
  });
}

/**
 * PostgreSQL: repeats of one question by one session to one version are merged into one row (the
 * last answer, the times added up, as if written one after the other), since the batch's one
 * statement may change a row once; every save of a merged row shares its outcome.
 */
async function postgresBatch(
  write: (rows: readonly AnswerSave[]) => Promise<unknown[]>,
  saves: readonly AnswerSave[],
): Promise<Outcome<SaveOutcome>[]> {
  const merged: AnswerSave[] = [];
  const rowOf: number[] = [];
  const keys = new Map<string, number>();
  for (const save of saves) {
    const key = `${save.participantId}\n${save.questionId}\n${save.sessionId}\n${save.version}\n${save.currentVersion}`;
    const at = keys.get(key);
    if (at === undefined) {
      keys.set(key, merged.length);
      rowOf.push(merged.length);
      merged.push(save);
    } else {
      const earlier = merged[at]!;
      merged[at] = {
        ...save,
        timeMs: Math.min(maxTimeMs, earlier.timeMs + save.timeMs),
        // The row reads back what each of its saves' replies lists.
        after: earlier.after < save.after ? earlier.after : save.after,
      };
      rowOf.push(at);
    }
  }
  const rows = (await write(merged)) as Array<BatchAnswerRow & { position: number | null }>;
  const stored = new Set<number>();
  for (const row of rows) if (row.position !== null) stored.add(Number(row.position));
  const answers = answersByParticipant(rows);
  return saves.map((save, index) => {
    const kept = stored.has(rowOf[index]!);
    return { ok: true, value: { stored: kept, answers: kept ? replyAnswers(answers, save) : [] } };
  });
}

/**
 * The group commit of a database's answer saves (one per app): saves that arrive together share
 * one transaction, and so one sync to disk. On SQLite a batch is written by the write thread (two
 * statements a save, beside the event loop); on PostgreSQL as one statement, its own transaction.
 * A save is acknowledged only once its batch has committed.
 */
export const answerWriter = perDatabase(({ db }): GroupCommit<AnswerSave, SaveOutcome> => {
  const thread = sqliteWriteThread(db);
  return new GroupCommit({
    maxBatch: savesPerBatch,
    concurrency: batchesInFlight,
    onCommitted: batchReporter(db, 'answers'),
    runBatch: async (take) => {
      const saves = take();
      if (thread) return sqliteOutcomes(saves, await thread.transaction(sqliteSaveStatements(saves)));
      return postgresBatch(async (rows) => (await executeKept(db, [postgresSaveStatement(rows)]))[0] ?? [], saves);
    },
  });
});
