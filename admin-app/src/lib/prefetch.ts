/** How long a prefetched answer may wait for its screen: older, the screen asks again. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/**
 * One request made before its screen mounts (while the screen's code is still downloading), handed
 * to that screen once if it asks for the same thing soon enough. A prefetch that failed is not
 * handed on as a failure: the screen asks again, and sees its own error if there is one.
 */
export interface Prefetch<Q, T> {
  /** Starts the request for `query` (replacing any earlier one not yet taken). */
  start(query: Q): void;
  /** The request for `query`, or for anything else a fresh one; either way the prefetch is used up. */
  take(query: Q): Promise<T>;
}

/**
 * `load(query)` makes the request; `keyOf` says which queries ask for the same thing
 * (by default: the same JSON).
 */
export function createPrefetch<Q, T>(
  load: (query: Q) => Promise<T>,
  options: { keyOf?: (query: Q) => string; now?: () => number } = {},
): Prefetch<Q, T> {
  const { keyOf = (query: Q) => JSON.stringify(query), now = Date.now } = options;
  let held: { key: string; promise: Promise<T>; at: number } | undefined;
  return {
    start(query) {
      const promise = load(query);
      promise.catch(() => {});
      held = { key: keyOf(query), promise, at: now() };
    },
    take(query) {
      const found = held;
      held = undefined;
      if (!found || found.key !== keyOf(query) || now() - found.at > PREFETCH_MAX_AGE_MS) return load(query);
      return found.promise.catch(() => load(query));
    },
  };
}
