import { resultsApi, type ResultResponse } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';

/** One result with every answer, and the participant's signed consent (`GET admin/getquizresult/{id}`). */
export function useResultDetail(id: string) {
  return useFetch<ResultResponse>(() => resultsApi.getResult(id), [id]);
}
