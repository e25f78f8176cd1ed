import { Badge, Table, Text } from '@mantine/core';
import type { AuditEntry } from '@prometrica/shared-api';
import { ListTable, ShortCell } from '../../../components';
import { formatDateTime } from '../../../lib/format-date';
import { actorLabel, AuditValues, targetLabel } from './audit-values';

export interface AuditListProps {
  entries: AuditEntry[];
}

/** The entries as a table (desktop). */
export function AuditTable({ entries }: AuditListProps) {
  return (
    <ListTable
      minWidth={960}
      columns={['When', 'Who', 'Address', 'Action', 'Target', 'Changes']}
      short={['When', 'Address', 'Action']}
    >
      {entries.map((entry) => (
        <Table.Tr key={entry._id}>
          <ShortCell>
            <Text size="sm">{formatDateTime(entry.at)}</Text>
          </ShortCell>
          <Table.Td>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {actorLabel(entry)}
            </Text>
          </Table.Td>
          <ShortCell>
            <Text size="sm">{entry.address || '—'}</Text>
          </ShortCell>
          <ShortCell>
            <Badge variant="light" tt="none">
              {entry.action}
            </Badge>
          </ShortCell>
          <Table.Td>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {targetLabel(entry)}
            </Text>
          </Table.Td>
          <Table.Td>
            <AuditValues entry={entry} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
