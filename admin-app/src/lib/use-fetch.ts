import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { messageOf } from './notify';

export interface FetchState<T> {
  /** The last answer; kept while a reload is under way so tables do not flash empty. */
  data: T | undefined;
  /** The server's message when the last load failed. */
  error: string | null;
  loading: boolean;
  /** Loads again with the same inputs. */
  reload: () => void;
}

/**
 * Runs `load` whenever `deps` change; answers of superseded loads are ignored. `arrived`, asked once
 * at mount, may give the first answer at once (a prefetch that has already arrived): the first render
 * then draws it, and the first load is skipped.
 */
export function useFetch<T>(
  load: () => Promise<T>,
  deps: DependencyList,
  arrived?: () => T | undefined,
): FetchState<T> {
  const [first] = useState(() => arrived?.());
  const [data, setData] = useState<T | undefined>(first);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(first === undefined);
  const [attempt, setAttempt] = useState(0);
  const skipLoad = useRef(first !== undefined);

  useEffect(() => {
    if (skipLoad.current) {
      skipLoad.current = false;
      return;
    }
    let current = true;
    setLoading(true);
    setError(null);
    load().then(
      (value) => {
        if (!current) return;
        setData(value);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!current) return;
        setError(messageOf(failure));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
    // `load` is a fresh closure each render; the caller's `deps` say when its inputs change, which
    // the rule cannot follow through a spread.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, error, loading, reload };
}
