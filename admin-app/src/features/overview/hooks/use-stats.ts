import { statsApi, type StatsResponse } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';

/** The overview's figures for this year (`GET admin/stats`). */
export function useStats() {
  return useFetch<StatsResponse>(() => statsApi.getStats(), []);
}
