import { resultsApi, type ResultListQuery, type ResultListResponse } from '@prometrica/shared-api';
import { DEFAULT_SERVER_PAGE_SIZE } from '../../lib/paging';
import { createPrefetch } from '../../lib/prefetch';

/** What the results screen asks for first: page 1, the default page size, no search, every result. */
export const firstResultsQuery: ResultListQuery = {
  page: 1,
  limit: DEFAULT_SERVER_PAGE_SIZE,
  search: '',
  passed: undefined,
};

/** The results list, through a prefetch: for a `/dashboard/result` address the first page is asked for while the screen's code downloads. */
export const resultPages = createPrefetch<ResultListQuery, ResultListResponse>(
  (query) => resultsApi.getResults(query),
  {
    keyOf: (query) =>
      JSON.stringify([
        query.page ?? 1,
        query.limit ?? DEFAULT_SERVER_PAGE_SIZE,
        query.search ?? '',
        query.passed ?? 'all',
        query.report ?? 'all',
        query.from ?? '',
        query.to ?? '',
      ]),
  },
);
