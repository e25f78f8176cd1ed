export { DateRangeFilter } from './date-range-filter';
export type { DateRangeFilterProps } from './date-range-filter';
