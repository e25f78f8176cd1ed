/**
 * Hands the answer of `request` to `done` (or its failure to `failed`) unless the returned cancel
 * has run first: an effect returns it, so an answer that arrives after its screen has gone, or
 * after a newer attempt has started, is dropped.
 */
export function settleWhileLive<T>(
  request: Promise<T>,
  done: (value: T) => void,
  failed: (error: unknown) => void = () => {},
): () => void {
  let live = true;
  request
    .then((value) => {
      if (live) done(value);
    })
    .catch((error: unknown) => {
      if (live) failed(error);
    });
  return () => {
    live = false;
  };
}
