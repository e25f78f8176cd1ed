import { categoriesApi } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';

/** Category names for the question form's picker, alphabetical. */
export function useCategoryNames() {
  const { data, error, loading, reload } = useFetch(() => categoriesApi.getCategories(), []);
  const names = (data?.categories ?? []).map((c) => c.name).sort((a, b) => a.localeCompare(b));
  return { names, error, loading, reload };
}
