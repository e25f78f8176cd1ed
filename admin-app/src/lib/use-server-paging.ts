import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { DEFAULT_SERVER_PAGE_SIZE, SEARCH_DEBOUNCE_MS, SERVER_PAGE_SIZES } from './paging';
import type { FetchState } from './use-fetch';

/**
 * Page, page size and debounced search for a list the server pages (questions, results).
 * A new search or page size starts again at page 1. `initialSearch` (from a link) is applied at
 * once, without the debounce.
 */
export function useServerPaging(initialSearch = '') {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState<number>(DEFAULT_SERVER_PAGE_SIZE);
  const [search, setSearch] = useState(initialSearch);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [appliedSearch, setAppliedSearch] = useState(debounced);

  // Reset the page in the same render the search settles, so only one request goes out.
  if (appliedSearch !== debounced) {
    setAppliedSearch(debounced);
    setPage(1);
  }

  function setPageSize(size: number) {
    setPageSizeState(size);
    setPage(1);
  }

  return { page, setPage, pageSize, setPageSize, search, setSearch, debouncedSearch: appliedSearch };
}

interface PageShown {
  /** Rows on this page. */
  count: number;
  /** Rows on all pages. */
  total: number;
  totalPages: number;
  /** A search or a filter narrowed the list (without one: whether a search did). */
  searching?: boolean;
}

/** What `ListPanel` shows for a list the server pages: its load, the page's rows and the pages. */
export function serverListPanel(
  list: ReturnType<typeof useServerPaging> & FetchState<unknown>,
  { count, total, totalPages, searching }: PageShown,
) {
  const { page, pageSize, setPage, setPageSize } = list;
  return {
    loading: list.loading,
    error: list.error,
    reload: list.reload,
    count,
    searching: searching ?? Boolean(list.debouncedSearch),
    footer: {
      page,
      totalPages,
      total,
      pageSize,
      onPageChange: setPage,
      pageSizes: SERVER_PAGE_SIZES,
      onPageSizeChange: setPageSize,
    },
  };
}

/** When the server reports fewer pages than the current one (the list shrank), moves to its last page. */
export function useClampToLastPage(page: number, totalPages: number | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [page, totalPages, setPage]);
}
