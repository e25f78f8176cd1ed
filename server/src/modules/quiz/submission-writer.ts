import type { CompiledQuery } from 'kysely';
import { batchesInFlight, GroupCommit, inTransaction, type BatchWriter, type Outcome } from '../../db/group-commit';
import { executeInOrder } from '../../db/execute';
import { perDatabase } from '../../db/per-database';
import { sqliteWriteThread } from '../../db/sqlite';
import type { Executor } from '../../db/types';
import { carriedDetailsUpdate } from '../participants/repository';
import { storedResultIds, submissionStatements, type NewSubmission } from '../results/repository';

/** The participant details a submission carried that differ from the stored ones. */
export interface CarriedDetails {
  name?: string;
  email?: string;
  phone?: string;
}

export interface SubmissionWrite extends NewSubmission {
  details: CarriedDetails;
}

/**
 * A batch's statements: every result and answer list in one or two statements (the first gives
 * the ids of the results stored), then the carried details of each participant whose result was
 * stored (a participant who already had one is skipped: nothing of theirs is written).
 */
function batchStatements(db: Executor, writes: readonly SubmissionWrite[]): CompiledQuery[] {
  const details = writes
    .filter((write) => Object.keys(write.details).length > 0)
    .map((write) =>
      carriedDetailsUpdate(db, write.result.participantId, { ...write.details, updatedAt: write.result.createdAt })
        .where(({ exists, selectFrom }) => exists(selectFrom('results').select('results.id').where('results.id', '=', write.result.id)))
        .compile(),
    );
  return [...submissionStatements(db, writes), ...details];
}

/**
 * Each write's outcome from the rows of the batch's statements: whether it was stored (false: the
 * participant already had a result).
 */
function outcomes(writes: readonly SubmissionWrite[], [storedRows = []]: readonly unknown[][]): Outcome<boolean>[] {
  const stored = storedResultIds(storedRows);
  return writes.map((write) => ({ ok: true, value: stored.has(write.result.id) }));
}

/** Writes a batch inside a transaction on the app's connection (PostgreSQL). */
const writeSubmissions: BatchWriter<SubmissionWrite, boolean> = async (trx, writes) =>
  outcomes(writes, await executeInOrder(trx, batchStatements(trx, writes)));

/**
 * At most this many submissions go in one batch. Measured at 100 connections on SQLite (writes on
 * the event loop): caps of 8, 16 or 32 lowered throughput (1660, 1700, 2210 submissions/s against
 * 2350 at 64). With 4 batches in flight, SQLite's write thread commits at most 256 together, so the
 * app's own writes wait for its write lock some 20 ms at the worst (paired runs at 64 and 256 were
 * within the machine's noise, 1720-2300 submissions/s either way).
 */
export const submissionsPerBatch = 64;

/** The group commit of a database's submissions (one per app). */
export const submissionWriter = perDatabase(({ db }): GroupCommit<SubmissionWrite, boolean> => {
  const thread = sqliteWriteThread(db);
  return new GroupCommit({
    maxBatch: submissionsPerBatch,
    concurrency: batchesInFlight,
    // SQLite: on the write thread, so the event loop goes on serving while a batch is written and
    // synced; PostgreSQL: in a transaction from the pool.
    runBatch: thread
      ? async (take) => {
          const writes = take();
          return outcomes(writes, await thread.transaction(batchStatements(db, writes)));
        }
      : inTransaction(db, writeSubmissions),
  });
});
