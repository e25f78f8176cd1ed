import { useState } from 'react';
import type { ResultListResponse } from '@prometrica/shared-api';
import { useFetch } from '../../../lib/use-fetch';
import { useClampToLastPage, useServerPaging } from '../../../lib/use-server-paging';
import { resultPages } from '../first-page';

/** All / True / False: the pass filter sent as `passed`. */
export type PassFilter = 'all' | 'true' | 'false';

/** One page of results from the server, with the pass filter and debounced search. */
export function useResults() {
  const paging = useServerPaging();
  const { page, setPage, pageSize, debouncedSearch } = paging;
  const [filter, setFilterState] = useState<PassFilter>('all');
  const query = { page, limit: pageSize, search: debouncedSearch, passed: filter === 'all' ? undefined : filter };
  const list = useFetch<ResultListResponse>(
    () => resultPages.take(query),
    [page, pageSize, debouncedSearch, filter],
    () => resultPages.takeArrived(query),
  );
  useClampToLastPage(page, list.data?.totalPages, setPage);

  function setFilter(value: PassFilter) {
    setFilterState(value);
    setPage(1);
  }

  return { ...paging, ...list, filter, setFilter };
}
