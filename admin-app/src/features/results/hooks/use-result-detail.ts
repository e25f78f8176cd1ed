import { resultsApi, type Result } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';

/** One result with every answer (`GET admin/getquizresult/{id}`). */
export function useResultDetail(id: string) {
  return useFetch<Result>(async () => (await resultsApi.getResult(id)).result, [id]);
}
