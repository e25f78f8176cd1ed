import { useCallback, useEffect, useState } from 'react';
import { concernRatingsApi } from '@prometrica/shared-api';
import { fallbackConcerns, parseConcerns, type RatedConcern } from '../concerns';

/** Loading the concerns: `failed` shows the fallback list, which cannot be submitted. */
export type ConcernsLoad =
  | { status: 'loading' }
  | { status: 'ready'; concerns: RatedConcern[] }
  | { status: 'failed'; concerns: RatedConcern[] };

/** The concerns to rate, with a Retry after a failed or malformed load. */
export function useConcerns() {
  const [load, setLoad] = useState<ConcernsLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    concernRatingsApi
      .getRatableConcerns()
      .then((body: unknown) => {
        if (!live) return;
        const concerns = parseConcerns(body);
        setLoad(concerns ? { status: 'ready', concerns } : { status: 'failed', concerns: fallbackConcerns });
      })
      .catch(() => {
        if (live) setLoad({ status: 'failed', concerns: fallbackConcerns });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { load, retry };
}
