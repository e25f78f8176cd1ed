import type { Worker } from 'node:worker_threads';
import type { ListedStatement } from '../statements/execute';
import { startSqliteThread } from './thread';
import type { WriteThreadData, WriteThreadMessage, WriteThreadReply } from './write-thread.worker';

interface Waiting {
  resolve: (rows: unknown[][]) => void;
  reject: (error: unknown) => void;
}

/** A statement the thread ran that failed: SQLite's message and code (e.g. `SQLITE_CONSTRAINT_UNIQUE`). */
export class SqliteThreadError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

/**
 * Writes to a SQLite database from a thread of its own. better-sqlite3 is synchronous: on the
 * event loop, every statement and every commit's sync to disk holds back all other requests while it
 * runs. Writes sent here run beside the event loop on a second connection to the same file (WAL: the
 * app's connection keeps reading meanwhile), and their promise settles once they are committed.
 *
 * The thread (its code: `write-thread.worker.ts`) starts on first use and is kept referenced only
 * while a transaction is in flight.
 */
export class SqliteWriteThread {
  private worker: Worker | undefined;
  private exited: Promise<void> | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private closed = false;

  /**
   * `pragmas`: the settings every connection to the file gets (run in order); `onCommit`: called
   * each time the thread has committed.
   */
  constructor(
    private readonly file: string,
    private readonly pragmas: readonly string[],
    private readonly onCommit: () => void = () => {},
  ) {}

  /**
   * Runs the statements in one transaction and gives each one's rows, in order; settles after the
   * commit. When a statement fails nothing of the transaction is kept, and the promise rejects.
   */
  transaction(statements: readonly ListedStatement[]): Promise<unknown[][]> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<unknown[][]>((resolve, reject) => {
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { resolve, reject });
      // Sent as they are: cloning an answer list costs the event loop less than encoding it to
      // bytes to hand over (and the thread then decoded them again).
      this.post(worker, { id, statements: statements.map(({ sql, parameters, when }) => ({ sql, parameters, when })) });
    });
  }

  /** Transactions sent and not yet committed (or failed): the write thread's queue, for the metrics. */
  get queued(): number {
    return this.waiting.size;
  }

  /** Lets the transactions already sent finish, then closes the thread's connection. */
  async close(): Promise<void> {
    this.closed = true;
    if (!this.worker) return;
    this.worker.ref();
    this.post(this.worker, { close: true });
    await this.exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = startSqliteThread<WriteThreadData>('write-thread', {
      file: this.file,
      pragmas: this.pragmas,
      preparedLimit: 64,
    });
    worker.unref();
    worker.on('message', (replies: WriteThreadReply[]) => {
      this.onCommit();
      replies.forEach((reply) => this.settle(reply));
    });
    this.exited = new Promise<void>((resolve) => {
      worker.once('exit', (code) => {
        // A thread that ended (or failed to start) takes down what it had not answered; the next
        // transaction starts a new one.
        this.fail(new Error(`The database write thread stopped (exit code ${code})`));
        this.worker = undefined;
        resolve();
      });
    });
    worker.on('error', (error) => this.fail(error));
    this.worker = worker;
    return worker;
  }

  private post(worker: Worker, message: WriteThreadMessage): void {
    worker.postMessage(message);
  }

  private settle(reply: WriteThreadReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if ('error' in reply) waiting.reject(new SqliteThreadError(reply.error.message, reply.error.code));
    else waiting.resolve(reply.rows);
  }

  private fail(error: unknown): void {
    const waiting = [...this.waiting.values()];
    this.waiting.clear();
    for (const one of waiting) one.reject(error);
  }
}
