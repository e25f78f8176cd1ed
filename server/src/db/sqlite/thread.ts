import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** The plain JavaScript file every SQLite thread starts from (it loads the thread's module). */
const threadEntry = path.join(__dirname, 'thread-entry.cjs');

/**
 * Starts a thread running the TypeScript module named `<name>.worker.ts` beside this file, with
 * `data` as its `workerData` (plus the module's path, for the entry to load). No `execArgv`: the
 * thread would otherwise inherit the server's `--import tsx`, whose loader takes far longer to
 * start in a thread than the require hook the entry registers.
 */
export function startSqliteThread<T extends object>(name: string, data: Omit<T, 'module'>): Worker {
  return new Worker(threadEntry, {
    execArgv: [],
    workerData: { ...data, module: path.join(__dirname, `${name}.worker.ts`) },
  });
}
