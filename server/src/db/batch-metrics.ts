import type { Kysely } from 'kysely';
import type { Database } from './types';

/** The group commits whose batches are measured. */
export type BatchWriter = 'submissions' | 'answers';
export type BatchObserver = (writer: BatchWriter, writes: number, seconds: number) => void;

/**
 * Who is told of a database's batches (its app's metrics). Kept by database, as the writers are
 * (`perDatabase`): they are made on first use by code that sees the database, not the app.
 */
const observers = new WeakMap<Kysely<Database>, BatchObserver>();

/** Tells `observer` of every batch the group commits write on `db`. */
export function observeBatches(db: Kysely<Database>, observer: BatchObserver): void {
  observers.set(db, observer);
}

/** The `onCommitted` of `writer`'s group commit on `db`: passes each batch on to its observer, if any. */
export function batchReporter(db: Kysely<Database>, writer: BatchWriter): (writes: number, seconds: number) => void {
  return (writes, seconds) => observers.get(db)?.(writer, writes, seconds);
}
