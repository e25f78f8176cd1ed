import { useEffect, useState } from 'react';
import { clampPage, pageCount, pageOf } from './paging';

/** Client-side paging that stays on the last page when the list shrinks (after a delete or a search). */
export function useClientPaging<T>(items: readonly T[], pageSize: number) {
  const [requestedPage, setPage] = useState(1);
  const totalPages = pageCount(items.length, pageSize);
  const page = clampPage(requestedPage, totalPages);

  useEffect(() => {
    if (page !== requestedPage) setPage(page);
  }, [page, requestedPage]);

  return { page, setPage, totalPages, pageItems: pageOf(items, page, pageSize) };
}
