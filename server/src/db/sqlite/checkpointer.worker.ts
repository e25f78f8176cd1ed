// The checkpointer's code (see `SqliteCheckpointer`). It opens its own connection to the database
// file and, each time it is told that something was committed, copies the pages the WAL holds into
// the database file: a passive checkpoint, which never waits for a writer and never holds one back.
// Nudges that arrive while one runs are answered by the next.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the thread is started with. */
export interface CheckpointerData {
  module: string;
  file: string;
  pragmas: readonly string[];
}

/** What the thread is sent: run a checkpoint now, or close. */
export type CheckpointerMessage = 'checkpoint' | 'close';

/** What the last checkpoint found: pages in the WAL, and how many of them are now in the database file. */
export interface CheckpointReport {
  pages: number;
  copied: number;
}

/** The thread's answer to a nudge. */
export type CheckpointerReply = CheckpointReport | { error: string };

const port = parentPort;
if (!port) throw new Error('The SQLite checkpointer runs only as a worker thread');
const data = workerData as CheckpointerData;
const db = new Database(data.file);
for (const pragma of data.pragmas) db.pragma(pragma);
const reply = (message: CheckpointerReply) => port.postMessage(message);

port.on('message', (message: CheckpointerMessage) => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
    reply({ pages: row!.log, copied: row!.checkpointed });
  } catch (error) {
    reply({ error: String((error as { message?: unknown } | null)?.message || error) });
  }
});
