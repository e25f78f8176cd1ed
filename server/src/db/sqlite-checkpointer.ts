import { Worker } from 'node:worker_threads';

/**
 * The thread's code (plain JavaScript, as the write thread's). It opens its own connection to the
 * database file and, each time it is told that something was committed, copies the pages the WAL
 * holds into the database file: a passive checkpoint, which never waits for a writer and never
 * holds one back. Nudges that arrive while one runs are answered by the next.
 */
const threadSource = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
for (const pragma of workerData.pragmas) db.pragma(pragma);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ pages: row.log, copied: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

/** What the last checkpoint found: pages in the WAL, and how many of them are now in the database file. */
export interface CheckpointReport {
  pages: number;
  copied: number;
}

/**
 * Checkpoints a SQLite database in WAL mode from a thread of its own. SQLite's automatic checkpoint
 * runs inside the commit that takes the WAL past 1,000 pages, on the committing connection: under
 * load that was every eighth commit or so of the write thread, some 10 ms of copying and syncing
 * the database file that the commit's submissions, and every one queued behind them, waited for.
 * The connections that write turn it off (`wal_autocheckpoint = 0`) and nudge this thread instead.
 *
 * A checkpoint copies what was committed before it began; the WAL starts again from its beginning
 * once one has copied everything before the next write begins (measured at 100 connections: the WAL
 * held 450 pages at the median, 8,128 at the most).
 *
 * The thread starts on the first nudge and never keeps the process alive.
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
    this.start().postMessage('checkpoint');
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
    this.worker.postMessage('close');
    await this.exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(threadSource, {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), file: this.file, pragmas: this.pragmas },
    });
    worker.on('message', (report: CheckpointReport | { error: string }) => {
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
