import { NativeSelect, TextInput } from '@mantine/core';
import type { InsightVersion } from '@prometrica/shared-api';
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
      <div className={classes.dates}>
        <TextInput
          type="date"
          label="Submitted from"
          className={classes.date}
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => onChange('from', event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="Submitted to"
          className={classes.date}
          value={filters.to}
          min={filters.from || undefined}
          error={rangeError}
          onChange={(event) => onChange('to', event.currentTarget.value)}
        />
      </div>
    </div>
  );
}
