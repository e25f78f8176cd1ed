// The write thread's code (see `SqliteWriteThread`). It opens its own connection to the database
// file with the app's settings and runs the transactions it is sent, in the order sent, each one's
// statements in order: kept whole, or (when a statement fails) not at all. Those that arrive while
// a commit runs share the next commit.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import Database, { type Statement } from 'better-sqlite3';
import { conditionHolds, type StatementCondition } from '../statements/condition';

/** What the thread is started with. */
export interface WriteThreadData {
  module: string;
  file: string;
  pragmas: readonly string[];
  /** Most statements kept prepared. */
  preparedLimit: number;
}

/** A statement as sent to the thread, with the condition it runs on, if any. */
export interface ThreadStatement {
  sql: string;
  parameters: readonly unknown[];
  when?: StatementCondition;
}

/** What the thread is sent: a transaction to write, or the order to close once those sent are written. */
export type WriteThreadMessage = { id: number; statements: ThreadStatement[] } | { close: true };

/** The thread's answer to a transaction: each statement's rows, or why nothing of it was kept. */
export type WriteThreadReply =
  { id: number; rows: unknown[][] } | { id: number; error: { message: string; code?: string } };

type Transaction = Extract<WriteThreadMessage, { id: number }>;

const port = parentPort;
if (!port) throw new Error('The SQLite write thread runs only as a worker thread');
const data = workerData as WriteThreadData;
const db = new Database(data.file);
for (const pragma of data.pragmas) db.pragma(pragma);
const prepared = new Map<string, Statement>();

function statement(sql: string): Statement {
  let found = prepared.get(sql);
  if (!found) {
    if (prepared.size >= data.preparedLimit) prepared.delete(prepared.keys().next().value!);
    found = db.prepare(sql);
    prepared.set(sql, found);
  }
  return found;
}

function run(statements: readonly ThreadStatement[]): unknown[][] {
  const rows: unknown[][] = [];
  for (const { sql, parameters, when } of statements) {
    if (!conditionHolds(when, rows)) {
      rows.push([]);
      continue;
    }
    const prepared = statement(sql);
    if (prepared.reader) rows.push(prepared.all(parameters));
    else {
      prepared.run(parameters);
      rows.push([]);
    }
  }
  return rows;
}

const failure = (error: unknown) => {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return { message: String(message || error), code: typeof code === 'string' ? code : undefined };
};
let closing = false;
port.on('message', (first: WriteThreadMessage) => {
  // Every transaction sent while the last commit ran is written now, together: one commit (and
  // one sync to disk) for all of them, each in a savepoint of its own so that one that fails is
  // undone alone. A transaction alone needs none: the rollback below undoes it. (A savepoint also
  // makes the search index write out what it holds in memory, one more segment to merge later.)
  const transactions: Transaction[] = [];
  for (let message: WriteThreadMessage | undefined = first; message; message = receiveMessageOnPort(port)?.message) {
    if ('close' in message) closing = true;
    else transactions.push(message);
  }
  const replies: WriteThreadReply[] = [];
  if (transactions.length > 0) {
    try {
      statement('begin immediate').run();
      if (transactions.length === 1) {
        replies.push({ id: transactions[0]!.id, rows: run(transactions[0]!.statements) });
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
    port.postMessage(replies);
  }
  if (closing) {
    db.close();
    port.close();
  }
});
