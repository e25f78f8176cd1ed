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
  /**
   * The answer for `query` if the prefetch has already arrived (then it is used up), so a screen
   * can draw it in its first render; else undefined, and the prefetch stays for `take`.
   */
  takeArrived(query: Q): T | undefined;
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
  let held: { key: string; promise: Promise<T>; at: number; arrived?: { value: T } } | undefined;
  const fresh = (query: Q) => held !== undefined && held.key === keyOf(query) && now() - held.at <= PREFETCH_MAX_AGE_MS;
  return {
    start(query) {
      const promise = load(query);
      const entry: NonNullable<typeof held> = { key: keyOf(query), promise, at: now() };
      promise.then(
        (value) => {
          entry.arrived = { value };
        },
        () => {},
      );
      held = entry;
    },
    takeArrived(query) {
      if (!fresh(query) || !held?.arrived) return undefined;
      const { value } = held.arrived;
      held = undefined;
      return value;
    },
    take(query) {
      const found = fresh(query) ? held : undefined;
      held = undefined;
      if (!found) return load(query);
      return found.promise.catch(() => load(query));
    },
  };
}
