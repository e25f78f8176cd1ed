/** Loads a chunk once, and tells whether it has loaded. */
export interface Loader<T> {
  (): Promise<T>;
  /** The module, once its load has finished; undefined before (or after a failure). */
  loaded(): T | undefined;
}

/** A loader that keeps its promise; a failed load is forgotten so the next call tries again. */
export function once<T>(load: () => Promise<T>): Loader<T> {
  let pending: Promise<T> | undefined;
  let module: T | undefined;
  const get = () => {
    if (!pending) {
      pending = load();
      pending.then(
        (value) => {
          module = value;
        },
        () => {
          pending = undefined;
        },
      );
    }
    return pending;
  };
  return Object.assign(get, { loaded: () => module });
}
