import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

/**
 * The thread's code (plain JavaScript: it runs as it is, under the server and under the tests). It
 * opens its own connection to the database file with the app's settings and runs the transactions
 * it is sent, in the order sent, each one's statements in order: kept whole, or (when a statement
 * fails) not at all. Those that arrive while a commit runs share the next commit.
 */
const threadSource = String.raw`
const { parentPort, receiveMessageOnPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
for (const pragma of workerData.pragmas) db.pragma(pragma);
const prepared = new Map();
function statement(sql) {
  let found = prepared.get(sql);
  if (!found) {
    if (prepared.size >= workerData.preparedLimit) prepared.delete(prepared.keys().next().value);
    found = db.prepare(sql);
    prepared.set(sql, found);
  }
  return found;
}
function run(statements) {
  return statements.map(({ sql, parameters }) => {
    const prepared = statement(sql);
    if (prepared.reader) return prepared.all(parameters);
    prepared.run(parameters);
    return [];
  });
}
const failure = (error) => ({ message: String((error && error.message) || error), code: error && error.code });
let closing = false;
parentPort.on('message', (first) => {
  // Every transaction sent while the last commit ran is written now, together: one commit (and
  // one sync to disk) for all of them, each in a savepoint of its own so that one that fails is
  // undone alone. A transaction alone needs none: the rollback below undoes it. (A savepoint also
  // makes the search index write out what it holds in memory, one more segment to merge later.)
  const transactions = [];
  for (let message = first; message; message = receiveMessageOnPort(parentPort)?.message) {
    if (message.close) closing = true;
    else transactions.push(message);
  }
  const replies = [];
  if (transactions.length > 0) {
    try {
      statement('begin immediate').run();
      if (transactions.length === 1) {
        replies.push({ id: transactions[0].id, rows: run(transactions[0].statements) });
      } else {
        for (const transaction of transactions) {
          statement('savepoint one').run();
          try {
            replies.push({ id: transaction.id, rows: run(transaction.statements) });
            statement('release one').run();
          } catch (error) {
            statement('rollback to one').run();
            statement('release one').run();
            replies.push({ id: transaction.id, error: failure(error) });
          }
        }
      }
      statement('commit').run();
    } catch (error) {
      if (db.inTransaction) statement('rollback').run();
      replies.length = 0;
      for (const transaction of transactions) replies.push({ id: transaction.id, error: failure(error) });
    }
    parentPort.postMessage(replies);
  }
  if (closing) {
    db.close();
    parentPort.close();
  }
});
`;

interface Waiting {
  resolve: (rows: unknown[][]) => void;
  reject: (error: unknown) => void;
}

type Reply = { id: number; rows: unknown[][] } | { id: number; error: { message: string; code?: string } };

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
 * The thread starts on first use and is kept referenced only while a transaction is in flight.
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
  transaction(statements: readonly CompiledQuery[]): Promise<unknown[][]> {
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<unknown[][]>((resolve, reject) => {
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { resolve, reject });
      // Sent as they are: cloning a 6 KB answer list costs the event loop under 1 µs, a third of
      // encoding it to bytes to hand over (and the thread then decoded them again).
      worker.postMessage({ id, statements: statements.map(({ sql, parameters }) => ({ sql, parameters })) });
    });
  }

  /** Lets the transactions already sent finish, then closes the thread's connection. */
  async close(): Promise<void> {
    this.closed = true;
    if (!this.worker) return;
    this.worker.ref();
    this.worker.postMessage({ close: true });
    await this.exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(threadSource, {
      eval: true,
      workerData: { driver: require.resolve('better-sqlite3'), file: this.file, pragmas: this.pragmas, preparedLimit: 64 },
    });
    worker.unref();
    worker.on('message', (replies: Reply[]) => {
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

  private settle(reply: Reply): void {
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
