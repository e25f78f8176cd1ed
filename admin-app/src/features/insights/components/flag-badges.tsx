import { Badge, Group, Text } from '@mantine/core';
import { insightFlags, type InsightFlag } from '@prometrica/shared-api/insights';
import { flagInfo } from '../utils/definitions';

/** A question's flags as badges, in the contract's order; "None" without any. */
export function FlagBadges({ flags }: { flags: readonly InsightFlag[] }) {
  if (flags.length === 0) {
    return (
      <Text size="sm" c="dimmed" component="span">
        None
      </Text>
    );
  }
  return (
    <Group gap={4} component="span">
      {insightFlags
        .filter((flag) => flags.includes(flag))
        .map((flag) => (
          <Badge key={flag} variant="light" color={flagInfo[flag].color}>
            {flagInfo[flag].label}
          </Badge>
        ))}
    </Group>
  );
}
