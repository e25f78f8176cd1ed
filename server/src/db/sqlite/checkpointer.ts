import type { Worker } from 'node:worker_threads';
import { startSqliteThread } from './thread';
import type { CheckpointerData, CheckpointerMessage, CheckpointerReply, CheckpointReport } from './checkpointer.worker';

export type { CheckpointReport } from './checkpointer.worker';

/**
 * Checkpoints a SQLite database in WAL mode from a thread of its own. SQLite's automatic checkpoint
 * runs inside the commit that takes the WAL past 1,000 pages, on the committing connection: under
 * load that was every few commits of the write thread, copying and syncing the database file while
 * the commit's submissions, and every one queued behind them, waited.
 * The connections that write turn it off (`wal_autocheckpoint = 0`) and nudge this thread instead.
 *
 * A checkpoint copies what was committed before it began; the WAL starts again from its beginning
 * once one has copied everything before the next write begins, so under load it stays short.
 *
 * The thread (its code: `checkpointer.worker.ts`) starts on the first nudge and never keeps the
 * process alive.
 */
export class SqliteCheckpointer {
  private worker: Worker | undefined;
  private exited: Promise<void> | undefined;
  /** A nudge sent and not yet answered: later ones are covered by the checkpoint it asked for. */
  private pending = false;
  /** Another nudge came while one was pending: one more checkpoint follows. */
  private again = false;
  private closed = false;
  private readonly waitingForIdle: Array<() => void> = [];
  /** What the last checkpoint found, once one has run. */
  last: CheckpointReport | undefined;

  /** `pragmas`: the settings every connection to the file gets. */
  constructor(
    private readonly file: string,
    private readonly pragmas: readonly string[],
    private readonly onError: (message: string) => void = () => {},
  ) {}

  /** Something was committed: a checkpoint follows (right away, or after the one running). */
  nudge(): void {
    if (this.closed) return;
    if (this.pending) {
      this.again = true;
      return;
    }
    this.pending = true;
    this.post(this.start(), 'checkpoint');
  }

  /** Settles once no checkpoint is asked for or running (at once when none is). */
  idle(): Promise<void> {
    if (!this.pending) return Promise.resolve();
    return new Promise((resolve) => this.waitingForIdle.push(resolve));
  }

  /** Stops the thread; a checkpoint it is running finishes first. */
  async close(): Promise<void> {
    this.closed = true;
    if (!this.worker) return;
    // Referenced again: nothing else may keep the process alive while it waits for the thread.
    this.worker.ref();
    this.post(this.worker, 'close');
    await this.exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startSqliteThread<CheckpointerData>('checkpointer', { file: this.file, pragmas: this.pragmas });
    worker.on('message', (report: CheckpointerReply) => {
      if ('error' in report) this.onError(report.error);
      else this.last = report;
      this.answered();
    });
    worker.on('error', (error) => this.onError(error.message));
    this.exited = new Promise<void>((resolve) => {
      worker.once('exit', () => {
        this.worker = undefined;
        this.again = false;
        this.answered();
        resolve();
      });
    });
    // Last: adding a 'message' listener references the worker again.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private post(worker: Worker, message: CheckpointerMessage): void {
    worker.postMessage(message);
  }

  private answered(): void {
    this.pending = false;
    if (this.again && !this.closed) {
      this.again = false;
      this.nudge();
      return;
    }
    this.again = false;
    for (const resolve of this.waitingForIdle.splice(0)) resolve();
  }
}
