import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A day as the date filters write it. */
const day = /^\d{4}-\d{2}-\d{2}$/;

/** The day `key` names in the address, `YYYY-MM-DD`, or '' when it is absent or unreadable. */
export function dayIn(params: URLSearchParams, key: string): string {
  const value = params.get(key) ?? '';
  return day.test(value) ? value : '';
}

/** A range of submission days, either end open (''). */
export interface DayRange {
  from: string;
  to: string;
}

/** Why the date range cannot be asked for, or null. */
export function rangeErrorOf({ from, to }: DayRange): string | null {
  return from && to && from > to ? 'The end date must not be before the start date' : null;
}

/**
 * A screen's filters as the address keeps them: `setFilter` sets one, or removes it for '' or
 * 'all' (what every filter shows when it filters nothing), replacing the history entry.
 */
export function useAddressFilters() {
  const [params, setParams] = useSearchParams();
  function setFilter(key: string, value: string) {
    setParams(
      (current) => {
        if (value === 'all' || value === '') current.delete(key);
        else current.set(key, value);
        return current;
      },
      { replace: true },
    );
  }
  return { params, setFilter };
}

/**
 * The filters to ask for: these, or while their date range ends before it starts the last valid
 * ones, so that the screen keeps its figures while the date field shows `rangeError`.
 */
export function useValidFilters<F extends DayRange>(filters: F) {
  const rangeError = rangeErrorOf(filters);
  const lastValid = useRef(filters);
  if (!rangeError) lastValid.current = filters;
  return { applied: lastValid.current, rangeError };
}
