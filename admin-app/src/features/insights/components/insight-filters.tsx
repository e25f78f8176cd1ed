import { NativeSelect } from '@mantine/core';
import type { InsightVersion } from '@prometrica/shared-api';
import { DateRangeFilter } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { countOf } from '../utils/format';
import type { InsightFilters as Filters } from '../hooks/use-insights';
import classes from './insights.module.css';

/** A version as the filter offers it: `Version 3 (current), 5 Mar 2026, 40 participants`. */
export function versionLabel(version: InsightVersion): string {
  const name = `Version ${version.version}${version.current ? ' (current)' : ''}`;
  return `${name}, ${formatDate(version.createdAt)}, ${countOf(version.participants, 'participant')}`;
}

/** The question-set version and the submission days the figures are of. */
export function InsightFilters({
  filters,
  versions,
  shownVersion,
  rangeError,
  onChange,
}: {
  filters: Filters;
  versions: InsightVersion[];
  /** The version the figures are of (the server's choice when the filter names none). */
  shownVersion: number | null;
  rangeError: string | null;
  onChange: (key: keyof Filters, value: string) => void;
}) {
  const selected = filters.version || (shownVersion === null ? '' : String(shownVersion));
  return (
    <div className={classes.filters}>
      {versions.length > 0 && (
        <NativeSelect
          label="Question set version"
          className={classes.version}
          data={versions.map((v) => ({ value: String(v.version), label: versionLabel(v) }))}
          value={selected}
          onChange={(event) => onChange('version', event.currentTarget.value)}
        />
      )}
      <DateRangeFilter from={filters.from} to={filters.to} error={rangeError} onChange={onChange} />
    </div>
  );
}
