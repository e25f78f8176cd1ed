import { useMemo, useState } from 'react';
import { useClientPaging } from './use-client-paging';
import { useFetch } from './use-fetch';

/**
 * A list loaded once, searched and paged in the browser: a new search goes back to page 1.
 * `itemsOf` and `matches` are read at every render; pass functions defined outside the component.
 */
export function useSearchableList<R, T>(
  load: () => Promise<R>,
  itemsOf: (data: R) => T[],
  matches: (item: T, search: string) => boolean,
  pageSize: number,
) {
  const list = useFetch(load, []);
  const [search, setSearchState] = useState('');
  const items = useMemo(() => (list.data === undefined ? [] : itemsOf(list.data)), [list.data, itemsOf]);
  const filtered = useMemo(() => items.filter((item) => matches(item, search)), [items, matches, search]);
  const paging = useClientPaging(filtered, pageSize);

  function setSearch(value: string) {
    setSearchState(value);
    paging.setPage(1);
  }

  /** What `ListPanel` shows for this list: its load, its rows, whether a search narrowed it, and the pages. */
  const panel = {
    loading: list.loading,
    error: list.error,
    reload: list.reload,
    count: filtered.length,
    searching: Boolean(search.trim()),
    footer: {
      page: paging.page,
      totalPages: paging.totalPages,
      total: filtered.length,
      pageSize,
      onPageChange: paging.setPage,
    },
  };
  return { ...list, items, filtered, search, setSearch, panel, ...paging };
}
