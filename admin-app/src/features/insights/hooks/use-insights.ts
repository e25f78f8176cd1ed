import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InsightsQuery, InsightsResponse } from '@prometrica/shared-api';
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

const day = /^\d{4}-\d{2}-\d{2}$/;
const wholeNumber = /^[1-9]\d{0,9}$/;

/** The filters in the address; anything unreadable there counts as absent. */
export function filtersOf(params: URLSearchParams): InsightFilters {
  const version = params.get('version') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    version: wholeNumber.test(version) ? version : '',
    from: day.test(from) ? from : '',
    to: day.test(to) ? to : '',
  };
}

/** Why the date range cannot be asked for, or null. */
export function rangeErrorOf({ from, to }: Pick<InsightFilters, 'from' | 'to'>): string | null {
  return from && to && from > to ? 'The end date must not be before the start date' : null;
}

/** The filters as the API takes them. */
export function queryOf(filters: InsightFilters): InsightsQuery {
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
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const rangeError = rangeErrorOf(filters);
  const lastValid = useRef(filters);
  if (!rangeError) lastValid.current = filters;
  const applied = lastValid.current;
  const query = queryOf(applied);
  const figures = useFetch<InsightsResponse>(() => getInsights(query), [applied.version, applied.from, applied.to]);

  function setFilter(key: keyof InsightFilters, value: string) {
    setParams(
      (current) => {
        if (value === '') current.delete(key);
        else current.set(key, value);
        return current;
      },
      { replace: true },
    );
  }

  return {
    ...figures,
    filters,
    rangeError,
    /** What the CSV export is asked for: the filters the figures show. */
    query,
    filtered: Boolean(applied.from || applied.to),
    setFilter,
  };
}
