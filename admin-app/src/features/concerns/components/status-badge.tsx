import { Badge, type MantineColor } from '@mantine/core';

/** pending → warning (yellow), resolved → success (green), anything else → secondary (gray). */
export function statusColor(status: string): MantineColor {
  if (status === 'pending') return 'yellow';
  if (status === 'resolved') return 'green';
  return 'gray';
}

/** A concern's (or a rating's) status; a missing status reads `pending`. */
export function StatusBadge({ status }: { status?: string | null }) {
  const value = status || 'pending';
  return (
    <Badge color={statusColor(value)} variant="light">
      {value}
    </Badge>
  );
}
