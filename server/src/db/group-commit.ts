import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './types';

/** One write waiting for its batch. */
interface Pending {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export interface GroupCommitOptions {
  /** Most writes in one transaction. */
  maxBatch: number;
  /** Batches in flight at once (1 on SQLite, which has one writer; a few on PostgreSQL). */
  concurrency: number;
}

/**
 * Group commit: writes that arrive while a batch is being written share the next transaction, and
 * so one sync to disk, instead of paying one each. Each write runs in its own savepoint, so one
 * that fails (a duplicate, say) is undone alone and fails alone. A write's promise settles only
 * after its batch has committed: nothing is acknowledged before it is durable.
 *
 * When a whole batch fails (a lost connection, a deadlock with another process), nothing of it was
 * stored; each of its writes is then tried once more in a transaction of its own, so one bad write
 * never fails the others.
 */
export class GroupCommit {
  private readonly queue: Pending[] = [];
  private running = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Runs `work` inside a shared transaction; settles after that transaction commits. */
  write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      this.running += 1;
      // Begun after the requests already received have run up to their write (SQLite's driver is
      // synchronous: without this turn of the event loop, every write would commit alone).
      setImmediate(() => {
        void this.commitBatch().finally(() => {
          this.running -= 1;
          this.pump();
        });
      });
    }
  }

  /**
   * The batch is taken once the transaction has begun, not when it was asked for: every write that
   * arrived while this transaction waited for the connection (behind the previous one) joins it.
   */
  private async commitBatch(): Promise<void> {
    let batch: Pending[] | undefined;
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.transaction().execute((trx) => {
        batch = this.queue.splice(0, this.options.maxBatch);
        return batch.length === 1 ? runAlone(trx, batch[0]!) : runEach(trx, batch);
      });
    } catch (error) {
      // The transaction could not even begin: the writes waiting now fail with its error (rather
      // than waiting on a database that is down).
      batch ??= this.queue.splice(0, this.options.maxBatch);
      if (batch.length <= 1) batch.forEach((item) => item.reject(error));
      else await Promise.all(batch.map((item) => this.commitAlone(item)));
      return;
    }
    outcomes.forEach((outcome, index) => {
      const item = batch![index]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  private async commitAlone(item: Pending): Promise<void> {
    try {
      item.resolve(await this.db.transaction().execute((trx) => item.work(trx)));
    } catch (error) {
      item.reject(error);
    }
  }
}

/** A batch of one needs no savepoint: the transaction is the write. */
async function runAlone(trx: Transaction<Database>, item: Pending): Promise<Outcome[]> {
  return [{ ok: true, value: await item.work(trx) }];
}

async function runEach(trx: Transaction<Database>, batch: readonly Pending[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [index, item] of batch.entries()) {
    const savepoint = sql.raw(`write_${index}`);
    await sql`savepoint ${savepoint}`.execute(trx);
    try {
      const value = await item.work(trx);
      await sql`release savepoint ${savepoint}`.execute(trx);
      outcomes.push({ ok: true, value });
    } catch (error) {
      // Undoes this write only; a failure here fails the batch (and so retries each write alone).
      await sql`rollback to savepoint ${savepoint}`.execute(trx);
      await sql`release savepoint ${savepoint}`.execute(trx);
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}

const groups = new WeakMap<Kysely<Database>, GroupCommit>();

/** The group commit of one database (one per app). */
export function groupCommit(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): GroupCommit {
  let group = groups.get(db);
  if (!group) {
    group = new GroupCommit(db, { maxBatch: 64, concurrency: dialect === 'sqlite' ? 1 : 4 });
    groups.set(db, group);
  }
  return group;
}
