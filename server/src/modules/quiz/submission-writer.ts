import { batchReporter } from '../../db/batch-metrics';
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
 * At most this many submissions go in one batch. Measured under load on SQLite, smaller caps
 * lowered throughput (each batch pays its commit and sync) and larger ones gained nothing beyond
 * the noise. With `batchesInFlight` batches in flight, SQLite's write thread commits at most that
 * many batches together, which bounds how long the app's own writes wait for its lock.
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
    onCommitted: batchReporter(db, 'submissions'),
    runBatch: async (take) => {
      const writes = take();
      const statements = submissionStatements(db, writes);
      return outcomes(writes, thread ? await thread.transaction(statements) : await executeKept(db, statements));
    },
  });
});
