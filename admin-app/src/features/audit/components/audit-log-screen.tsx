import { useState } from 'react';
import { Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { auditActions, auditApi } from '@prometrica/shared-api';
import { DownloadIcon, ListPanel, PageHeader, SearchInput } from '../../../components';
import { saveTextFile } from '../../../lib/download';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { serverListPanel } from '../../../lib/use-server-paging';
import { useAuditLog } from '../hooks/use-audit-log';
import { AuditCards } from './audit-cards';
import { AuditRetention } from './audit-retention';
import { AuditTable } from './audit-table';

const actionChoices = [
  { value: '', label: 'All actions' },
  ...auditActions.map((action) => ({ value: action, label: action })),
];

/** The days the entries are between (UTC, inclusive). */
const dateFilters = [
  { name: 'from', label: 'From' },
  { name: 'to', label: 'To' },
] as const;

/**
 * `/dashboard/audit-log` (superadmin): who did what, when and from which address, newest first,
 * filtered by who, what and when, and exported as CSV with the same filters. Read-only.
 */
export function AuditLogScreen() {
  const list = useAuditLog();
  const small = useMatchesMedia('(max-width: 48em)');
  const [exporting, setExporting] = useState(false);
  const entries = list.data?.entries ?? [];
  const totalPages = Math.max(1, list.data?.totalPages ?? 1);

  async function exportCsv() {
    setExporting(true);
    try {
      const { filename, csv, truncated } = await auditApi.exportAuditLog(list.query);
      saveTextFile(filename, csv);
      if (truncated) notifySuccess('Only the newest 100,000 entries were exported: narrow the dates for older ones.');
    } catch (error) {
      notifyError(error, 'The audit log was not exported');
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Audit Log"
        description="Who did what, when and from which address. Entries cannot be changed or deleted."
        actions={
          <Button
            variant="default"
            leftSection={<DownloadIcon size={16} />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />

      <AuditRetention />

      <Group align="flex-end" gap="sm">
        <SearchInput label="Who" placeholder="Search by email..." value={list.search} onChange={list.setSearch} />
        <NativeSelect
          label="Action"
          data={actionChoices}
          value={list.filters.action}
          onChange={(event) => list.setFilter('action', event.currentTarget.value)}
          w={{ base: '100%', sm: 220 }}
        />
        {dateFilters.map(({ name, label }) => (
          <TextInput
            key={name}
            type="date"
            label={label}
            value={list.filters[name]}
            onChange={(event) => list.setFilter(name, event.currentTarget.value)}
            w={{ base: '100%', sm: 170 }}
          />
        ))}
      </Group>

      <ListPanel
        itemLabel="entries"
        list={serverListPanel(list, {
          count: entries.length,
          total: list.data?.totalEntries ?? 0,
          totalPages,
          searching: list.filtering,
        })}
        empty={{ title: 'No Entries Found', hint: 'Sign-ins and changes are recorded here as they happen' }}
        searchHint="Try other filters"
      >
        {small ? <AuditCards entries={entries} /> : <AuditTable entries={entries} />}
      </ListPanel>
    </Stack>
  );
}
