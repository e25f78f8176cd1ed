import { useState } from 'react';
import { authApi } from '@prometrica/shared-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFetch } from '../../../lib/use-fetch';

/**
 * The signed-in account's sessions, and ending one of them (the list reloads after, and whenever
 * `refresh` changes).
 */
export function useSessions(refresh = 0) {
  const state = useFetch(() => authApi.listSessions(), [refresh]);
  const [ending, setEnding] = useState<string | null>(null);

  async function endSession(id: string) {
    setEnding(id);
    try {
      const res = await authApi.endSession(id);
      notifySuccess(res.message || 'Session ended');
    } catch (error) {
      notifyError(error);
    } finally {
      setEnding(null);
      state.reload();
    }
  }

  return { ...state, ending, endSession };
}
