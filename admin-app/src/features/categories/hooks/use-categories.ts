import { useMemo, useState } from 'react';
import { categoriesApi } from '@prometrica/shared-api';
import { matchesSearch, newestFirst } from '../../../lib/paging';
import { useClientPaging } from '../../../lib/use-client-paging';
import { useFetch } from '../../../lib/use-fetch';

/** Categories per page (spec section 9). */
export const CATEGORIES_PER_PAGE = 10;

/** Every category, newest first, searched on name and paged in the browser. */
export function useCategories() {
  const list = useFetch(() => categoriesApi.getCategories(), []);
  const [search, setSearchState] = useState('');
  const categories = useMemo(() => newestFirst(list.data?.categories ?? []), [list.data]);
  const filtered = useMemo(() => categories.filter((c) => matchesSearch(search, [c.name])), [categories, search]);
  const paging = useClientPaging(filtered, CATEGORIES_PER_PAGE);

  function setSearch(value: string) {
    setSearchState(value);
    paging.setPage(1);
  }

  return { ...list, categories, filtered, search, setSearch, ...paging };
}
