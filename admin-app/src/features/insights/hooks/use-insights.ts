import type { InsightsQuery, InsightsResponse } from '@prometrica/shared-api';
import { dayIn, useAddressFilters, useValidFilters } from '../../../lib/address-filters';
import { useFetch } from '../../../lib/use-fetch';
import { getInsights } from '../insights-api';

/** The section's filters as the address keeps them (`?version=&from=&to=`). */
export interface InsightFilters {
  /** A question-set version, or '' for the server's choice (the newest that has results). */
  version: string;
  /** First and last submission day, `YYYY-MM-DD`, or '' for an open end. */
  from: string;
  to: string;
}

const wholeNumber = /^[1-9]\d{0,9}$/;

/** The filters in the address; anything unreadable there counts as absent. */
function filtersOf(params: URLSearchParams): InsightFilters {
  const version = params.get('version') ?? '';
  return {
    version: wholeNumber.test(version) ? version : '',
    from: dayIn(params, 'from'),
    to: dayIn(params, 'to'),
  };
}

/** The filters as the API takes them. */
function queryOf(filters: InsightFilters): InsightsQuery {
  return {
    from: filters.from || undefined,
    to: filters.to || undefined,
    version: filters.version ? Number(filters.version) : undefined,
  };
}

/**
 * The figures for the filters the address keeps. A date range whose end is before its start is not
 * asked for: the last valid filters stay applied while it shows its error.
 */
export function useInsights() {
  const address = useAddressFilters();
  const filters = filtersOf(address.params);
  const { applied, rangeError } = useValidFilters(filters);
  const query = queryOf(applied);
  const figures = useFetch<InsightsResponse>(() => getInsights(query), [applied.version, applied.from, applied.to]);

  return {
    ...figures,
    filters,
    rangeError,
    /** What the CSV export is asked for: the filters the figures show. */
    query,
    filtered: Boolean(applied.from || applied.to),
    setFilter: (key: keyof InsightFilters, value: string) => address.setFilter(key, value),
  };
}
