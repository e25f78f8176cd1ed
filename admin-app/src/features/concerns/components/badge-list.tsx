import { Badge, Group, Text, type BadgeProps } from '@mantine/core';
import classes from './concerns.module.css';

/** Short texts as a row of badges (a long one wraps inside its badge), or `empty` (dimmed) when there are none. */
export function BadgeList({
  items,
  empty,
  ...badge
}: { items: readonly string[]; empty: string } & Pick<BadgeProps, 'variant' | 'color'>) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Group gap={6} mt={4}>
      {items.map((item) => (
        <Badge key={item} {...badge} tt="none" className={classes.textBadge}>
          {item}
        </Badge>
      ))}
    </Group>
  );
}
