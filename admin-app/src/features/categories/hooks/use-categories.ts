import { categoriesApi, type CategoryListResponse } from '@prometrica/shared-api';
import { matchesSearch, newestFirst } from '../../../lib/paging';
import { useSearchableList } from '../../../lib/use-searchable-list';

/** Categories per page (spec section 9). */
export const CATEGORIES_PER_PAGE = 10;

const categoriesOf = (data: CategoryListResponse) => newestFirst(data.categories);
const categoryMatches = (category: CategoryListResponse['categories'][number], search: string) =>
  matchesSearch(search, [category.name]);

/** Every category, newest first, searched on name and paged in the browser. */
export function useCategories() {
  const list = useSearchableList(categoriesApi.getCategories, categoriesOf, categoryMatches, CATEGORIES_PER_PAGE);
  return { ...list, categories: list.items };
}
