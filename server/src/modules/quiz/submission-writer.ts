import { batchesInFlight, GroupCommit, type Outcome } from '../../db/group-commit';
import { executeKept } from '../../db/statements/execute';
import { perDatabase } from '../../db/per-database';
import { sqliteWriteThread } from '../../db/sqlite/sqlite';
import { storedResultIds, submissionStatements, type NewSubmission } from '../results/service';

/**
 * Each write's outcome from the rows of the batch's statements: whether it was stored (false: the
 * participant already had a result, or is gone).
 */
function outcomes(writes: readonly NewSubmission[], [storedRows = []]: readonly unknown[][]): Outcome<boolean>[] {
  const stored = storedResultIds(storedRows);
  return writes.map((write) => ({ ok: true, value: stored.has(write.result.id) }));
}

/**
 * At most this many submissions go in one batch. Measured at 100 connections on SQLite (writes on
 * the event loop): caps of 8, 16 or 32 lowered throughput (1660, 1700, 2210 submissions/s against
 * 2350 at 64). With 4 batches in flight, SQLite's write thread commits at most 256 together, so the
 * app's own writes wait for its write lock some 20 ms at the worst (paired runs at 64 and 256 were
 * within the machine's noise, 1720-2300 submissions/s either way).
 */
export const submissionsPerBatch = 64;

/**
 * The group commit of a database's submissions (one per app). A batch is written by its
 * statements (`submissionStatements`): on SQLite in a transaction of the write thread, so the event
 * loop goes on serving while a batch is written and synced; on PostgreSQL as one statement, its own
 * transaction, prepared once per connection and row count.
 */
export const submissionWriter = perDatabase(({ db }): GroupCommit<NewSubmission, boolean> => {
  const thread = sqliteWriteThread(db);
  return new GroupCommit({
    maxBatch: submissionsPerBatch,
    concurrency: batchesInFlight,
    runBatch: async (take) => {
      const writes = take();
      const statements = submissionStatements(db, writes);
      return outcomes(writes, thread ? await thread.transaction(statements) : await executeKept(db, statements));
    },
  });
});
