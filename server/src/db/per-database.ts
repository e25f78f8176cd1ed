import type { Store } from './types';

/**
 * One thing per database, made on first use and shared by every request of the app that holds it
 * (a question set, a submission writer, a batched read); dropped with the database.
 */
export function perDatabase<T>(create: (store: Store) => T): (store: Store) => T {
  const made = new WeakMap<Store['db'], T>();
  return (store) => {
    let found = made.get(store.db);
    if (found === undefined) {
      found = create(store);
      made.set(store.db, found);
    }
    return found;
  };
}
