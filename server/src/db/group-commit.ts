/** What became of one write of a batch. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** One write waiting for its batch. */
interface Pending<T, R> {
  item: T;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Writes a batch in a transaction of its own (commit included) and says what became of each item,
 * or throws when nothing of it was kept. It calls `take` once, for the items, when its transaction
 * has begun: writes that arrive while it waits for the connection join the batch.
 */
export type BatchRunner<T, R> = (take: () => readonly T[]) => Promise<Outcome<R>[]>;

export interface GroupCommitOptions<T, R> {
  /** Most writes in one transaction. */
  maxBatch: number;
  /**
   * Most batches in flight at once. One begins beside a batch in flight only when a full batch
   * (`maxBatch`) waits for it: otherwise the writes wait for that batch's commit and go together in
   * the next one (see `GroupCommit`).
   */
  concurrency: number;
  runBatch: BatchRunner<T, R>;
  /**
   * Told of each batch written: how many writes it held and the seconds from its start to its
   * commit (waiting for the connection or the write thread included). For the metrics.
   */
  onCommitted?: (writes: number, seconds: number) => void;
}

/**
 * Group commit: writes that arrive while a batch is being written share the next transaction, and
 * so one sync to disk, instead of paying one each; the batch writer can also write them together
 * (one statement for many rows). A write's promise settles only after its batch has committed:
 * nothing is acknowledged before it is durable.
 *
 * Fewer, fuller batches: a batch begins at once when none is in flight, and beside others only for
 * a full batch of writes. Batches begun side by side for the writes of the moment (as it once did)
 * cost more per write, on both databases: each batch pays its statements, the Insights aggregates'
 * rows it updates and its sync, whatever its size, and batches written together contend for the
 * same pages and the cores. Under load, fuller batches gave more writes a second at lower latencies,
 * for submissions and answer saves on both databases (docs/performance.md, "Submissions").
 *
 * When a whole batch fails (a lost connection, a deadlock with another process), nothing of it was
 * stored; each of its writes is then tried once more in a transaction of its own, so one bad write
 * never fails the others.
 */
export class GroupCommit<T, R> {
  private readonly queue: Pending<T, R>[] = [];
  /** Batches begun and not yet settled. */
  private running = 0;
  /** Of those, the ones that have not yet taken their writes from the queue. */
  private untaken = 0;

  constructor(private readonly options: GroupCommitOptions<T, R>) {}

  /** Writes `item` inside a shared transaction; settles after that transaction commits. */
  write(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const { concurrency, maxBatch } = this.options;
    // One batch more for the writes no batch on its way will take (each takes up to maxBatch): at
    // once when none is in flight, and beside batches in flight only for a full batch of them.
    while (
      this.running < concurrency &&
      this.queue.length - this.untaken * maxBatch >= (this.running === 0 ? 1 : maxBatch)
    ) {
      this.running += 1;
      this.untaken += 1;
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
   * The batch is taken once its transaction has begun, not when it was asked for: every write that
   * arrived while this transaction waited for the connection (behind the previous one) joins it.
   */
  private async commitBatch(): Promise<void> {
    let batch: Pending<T, R>[] | undefined;
    const takeOnce = () => {
      if (batch) return batch;
      this.untaken -= 1;
      return (batch = this.queue.splice(0, this.options.maxBatch));
    };
    const take = () => takeOnce().map((pending) => pending.item);
    let outcomes: Outcome<R>[];
    const started = performance.now();
    try {
      outcomes = await this.options.runBatch(take);
    } catch (error) {
      // A batch of one failed for its own reasons; otherwise (or when the transaction could not
      // even begin) each write is tried alone, failing with its own error if it fails again.
      batch = takeOnce();
      if (batch.length <= 1) batch.forEach((pending) => pending.reject(error));
      else await Promise.all(batch.map((pending) => this.commitAlone(pending)));
      return;
    }
    this.options.onCommitted?.(batch!.length, (performance.now() - started) / 1000);
    settle(batch!, outcomes);
  }

  private async commitAlone(pending: Pending<T, R>): Promise<void> {
    const started = performance.now();
    try {
      const outcomes = await this.options.runBatch(() => [pending.item]);
      this.options.onCommitted?.(1, (performance.now() - started) / 1000);
      settle([pending], outcomes);
    } catch (error) {
      pending.reject(error);
    }
  }
}

function settle<T, R>(batch: readonly Pending<T, R>[], outcomes: readonly Outcome<R>[]): void {
  batch.forEach((pending, index) => {
    const outcome = outcomes[index];
    if (!outcome) pending.reject(new Error('The batch writer gave no outcome for this write'));
    else if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  });
}

/**
 * Most batches in flight at once, when full batches wait: PostgreSQL writes them side by side;
 * SQLite's write thread takes the next ones while it commits and writes them together.
 */
export const batchesInFlight = 4;
