import type { ReportStatus, ResultFilterQuery, ResultListResponse } from '@prometrica/shared-api';
import { dayIn, useAddressFilters, useValidFilters } from '../../../lib/address-filters';
import { useFetch } from '../../../lib/use-fetch';
import { useClampToLastPage, useServerPaging } from '../../../lib/use-server-paging';
import { resultPages } from '../first-page';

/** All / True / False: the pass filter sent as `passed`. */
export type PassFilter = 'all' | 'true' | 'false';
/** All, or one report status: sent as `report`. */
export type ReportFilter = 'all' | ReportStatus;

/** The list's filters besides the search, as the address keeps them (`?passed=&report=&from=&to=`). */
export interface ResultFilters {
  passed: PassFilter;
  report: ReportFilter;
  /** First and last submission day, `YYYY-MM-DD`, or '' for an open end. */
  from: string;
  to: string;
}

const reportFilters: readonly ReportFilter[] = ['all', 'draft', 'released', 'opened'];

/** The filters in the address; anything unreadable there counts as absent. */
function filtersOf(params: URLSearchParams): ResultFilters {
  const passed = params.get('passed');
  const report = params.get('report') as ReportFilter | null;
  return {
    passed: passed === 'true' || passed === 'false' ? passed : 'all',
    report: report && reportFilters.includes(report) ? report : 'all',
    from: dayIn(params, 'from'),
    to: dayIn(params, 'to'),
  };
}

/** The filters as the API takes them (the list, the exports and the reports' archive). */
export function filterQueryOf(filters: ResultFilters, search: string): ResultFilterQuery {
  return {
    search,
    passed: filters.passed === 'all' ? undefined : filters.passed,
    report: filters.report === 'all' ? undefined : filters.report,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/**
 * One page of results from the server, with the debounced search and the filters, which the address
 * keeps (so a report opened from the list comes back to the same list). A date range whose end is
 * before its start is not asked for: the last valid filters stay applied while it shows its error.
 */
export function useResults() {
  const paging = useServerPaging();
  const { page, setPage, pageSize, debouncedSearch } = paging;
  const address = useAddressFilters();
  const filters = filtersOf(address.params);
  const { applied, rangeError } = useValidFilters(filters);
  const filterQuery = filterQueryOf(applied, debouncedSearch);
  const query = { page, limit: pageSize, ...filterQuery };
  const list = useFetch<ResultListResponse>(
    () => resultPages.take(query),
    [page, pageSize, debouncedSearch, applied.passed, applied.report, applied.from, applied.to],
    () => resultPages.takeArrived(query),
  );
  useClampToLastPage(page, list.data?.totalPages, setPage);

  function setFilter<K extends keyof ResultFilters>(key: K, value: ResultFilters[K]) {
    address.setFilter(key, value);
    setPage(1);
  }

  return {
    ...paging,
    ...list,
    filters,
    rangeError,
    /** What the exports and the archive are asked for: the filters the list shows. */
    filterQuery,
    filtering: Boolean(debouncedSearch) || Object.values(filterQuery).some((v) => v !== undefined && v !== ''),
    setFilter,
  };
}
