import { useMemo } from 'react';
import { concernRatingsApi } from '@prometrica/shared-api';
import { useRetryable } from '../../../lib/use-retryable';
import { fallbackConcerns, parseConcerns, type RatedConcern } from '../concerns';

/** Loading the concerns: `failed` shows the fallback list, which cannot be submitted. */
export type ConcernsLoad =
  | { status: 'loading' }
  | { status: 'ready'; concerns: RatedConcern[] }
  | { status: 'failed'; concerns: RatedConcern[] };

/** The concerns to rate, with a Retry after a failed or malformed load. */
export function useConcerns() {
  const { state, retry } = useRetryable(() => concernRatingsApi.getRatableConcerns());
  // One object per answer, so what depends on it changes only when a load ends.
  const load = useMemo<ConcernsLoad>(() => {
    if (state.status === 'loading') return state;
    const concerns = state.status === 'ready' ? parseConcerns(state.value) : null;
    return concerns ? { status: 'ready', concerns } : { status: 'failed', concerns: fallbackConcerns };
  }, [state]);
  return { load, retry };
}
