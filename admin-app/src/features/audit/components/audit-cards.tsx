import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date';
import type { AuditListProps } from './audit-table';
import { actorLabel, AuditValues, targetLabel } from './audit-values';

/** The entries as cards (small screens): nothing wider than the screen. */
export function AuditCards({ entries }: AuditListProps) {
  return (
    <Stack gap="sm" p="sm" component="ul" m={0} style={{ listStyle: 'none' }} aria-label="Audit log entries">
      {entries.map((entry) => (
        <Card key={entry._id} withBorder radius="md" component="li">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Badge variant="light" tt="none">
              {entry.action}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.at)}
            </Text>
          </Group>
          <Text size="sm" mt="xs" style={{ overflowWrap: 'anywhere' }}>
            {actorLabel(entry)}
          </Text>
          <Text size="xs" c="dimmed">
            {entry.address || '—'} · {targetLabel(entry)}
          </Text>
          <Stack mt="xs" gap={0}>
            <AuditValues entry={entry} />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
