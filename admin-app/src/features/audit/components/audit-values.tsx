import { Text } from '@mantine/core';
import type { AuditEntry } from '@prometrica/shared-api';

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** An entry's fields before and after (an edit), or what it concerned: one line per field. */
export function AuditValues({ entry }: { entry: AuditEntry }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  return (
    <div>
      {keys.map((key) => {
        const before = entry.before && key in entry.before ? shown(entry.before[key]) : undefined;
        const after = entry.after && key in entry.after ? shown(entry.after[key]) : undefined;
        return (
          <Text key={key} size="xs" style={{ overflowWrap: 'anywhere' }}>
            <Text span fw={600} size="xs">
              {key}:
            </Text>{' '}
            {before !== undefined && after !== undefined ? `${before} → ${after}` : (after ?? before)}
          </Text>
        );
      })}
    </div>
  );
}

/** Who acted: their email and role, or the server. */
export function actorLabel(entry: AuditEntry): string {
  return entry.actorRole ? `${entry.actorEmail} (${entry.actorRole})` : entry.actorEmail || 'unknown';
}

/** What it acted on: the kind and the id. */
export function targetLabel(entry: AuditEntry): string {
  return entry.targetId ? `${entry.targetType} ${entry.targetId}` : entry.targetType;
}
