import { TextInput } from '@mantine/core';
import classes from './date-range-filter.module.css';

export interface DateRangeFilterProps {
  /** First and last submission day, `YYYY-MM-DD`, or '' for an open end. */
  from: string;
  to: string;
  /** Why the range cannot be asked for (`rangeErrorOf`), under the end date. */
  error: string | null;
  onChange: (key: 'from' | 'to', value: string) => void;
}

/** `Submitted from` and `Submitted to`: two day fields side by side, sharing a phone's width. */
export function DateRangeFilter({ from, to, error, onChange }: DateRangeFilterProps) {
  return (
    <div className={classes.dates}>
      <TextInput
        type="date"
        label="Submitted from"
        className={classes.date}
        value={from}
        max={to || undefined}
        onChange={(event) => onChange('from', event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="Submitted to"
        className={classes.date}
        value={to}
        min={from || undefined}
        error={error}
        onChange={(event) => onChange('to', event.currentTarget.value)}
      />
    </div>
  );
}
