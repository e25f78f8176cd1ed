import { Button, Group, Stack } from '@mantine/core';
import type { ResultFilterQuery } from '@prometrica/shared-api';
import * as reportsApi from '../reports-api';
import { DownloadIcon, DownloadStatus } from '../../../components';
import { useDownload } from '../../../lib/use-download';

export interface ResultExportsProps {
  /** The list's filters: every file holds what the list shows. */
  filter: ResultFilterQuery;
  /** The filters cannot be sent as they are (a date range ending before it starts). */
  disabled?: boolean;
}

/** The day, for a file's name when the server names none. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Export CSV, Export XLSX (the results, and the concerns ratings as a second sheet), Export concerns
 * CSV (the ratings alone: a CSV holds one table) and Download all reports (a ZIP of every report's
 * PDF), each for the list's current filters, streamed with their progress; one at a time, so the
 * buttons wait while one runs.
 */
export function ResultExports({ filter, disabled = false }: ResultExportsProps) {
  const download = useDownload();
  const query = reportsApi.filterParams(filter);
  const exportAs = (label: string, format: 'csv' | 'xlsx', part: 'results' | 'concerns' = 'results') =>
    void download.start(label, {
      path: reportsApi.downloadPaths.export,
      query: { ...query, format, ...(part === 'concerns' ? { part } : {}) },
      fallbackName: `${part}-${today()}.${format}`,
    });
  const archive = () =>
    void download.start('Download all reports', {
      path: reportsApi.downloadPaths.archive,
      query,
      fallbackName: `reports-${today()}.zip`,
    });
  const off = disabled || download.busy;
  const icon = <DownloadIcon size={16} />;

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button variant="default" leftSection={icon} onClick={() => exportAs('Export CSV', 'csv')} disabled={off}>
          Export CSV
        </Button>
        <Button variant="default" leftSection={icon} onClick={() => exportAs('Export XLSX', 'xlsx')} disabled={off}>
          Export XLSX
        </Button>
        <Button
          variant="default"
          leftSection={icon}
          onClick={() => exportAs('Export concerns CSV', 'csv', 'concerns')}
          disabled={off}
        >
          Export concerns CSV
        </Button>
        <Button variant="default" leftSection={icon} onClick={archive} disabled={off}>
          Download all reports
        </Button>
      </Group>
      <DownloadStatus {...download.view} />
    </Stack>
  );
}
