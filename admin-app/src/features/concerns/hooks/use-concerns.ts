import { concernsApi, type ConcernListResponse } from '@prometrica/shared-api';
import { matchesSearch, newestFirst } from '../../../lib/paging';
import { useSearchableList } from '../../../lib/use-searchable-list';

/** Concerns and submissions per page (spec section 9). */
export const CONCERNS_PER_PAGE = 10;

const concernsOf = (data: ConcernListResponse) => newestFirst(data.complaints);
const concernMatches = (concern: ConcernListResponse['complaints'][number], search: string) =>
  matchesSearch(search, [concern.title, concern.description, ...concern.botherOptions]);

/** The concerns, newest first, searched on title, description and rating options. */
export function useConcerns() {
  const list = useSearchableList(() => concernsApi.getConcerns(), concernsOf, concernMatches, CONCERNS_PER_PAGE);
  return { ...list, concerns: list.items };
}
