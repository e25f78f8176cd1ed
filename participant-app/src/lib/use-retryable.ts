import { useCallback, useEffect, useRef, useState } from 'react';
import { settleWhileLive } from './settle-while-live';

export type Retryable<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: unknown };

/**
 * Runs `load` at mount and again after each `retry`; the answer of an attempt that was superseded
 * (or whose screen has gone) is dropped. `load` is read when an attempt starts, so it need not be
 * stable.
 */
export function useRetryable<T>(load: () => Promise<T>) {
  const [state, setState] = useState<Retryable<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  // Declared before the effect that loads, so an attempt always starts the latest `load`.
  useEffect(() => {
    latest.current = load;
  });

  useEffect(
    () =>
      settleWhileLive(
        latest.current(),
        (value) => setState({ status: 'ready', value }),
        (error) => setState({ status: 'error', error }),
      ),
    [attempt],
  );

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
