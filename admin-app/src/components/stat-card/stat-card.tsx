import type { CSSProperties, ReactNode } from 'react';
import { Badge, Group, Paper, Text, type MantineColor } from '@mantine/core';
import classes from './stat-card.module.css';

export interface StatCardProps {
  /** What the figure counts, e.g. `Total Users`. */
  label: string;
  /** The figure itself. */
  value: ReactNode;
  /** One line under the figure, e.g. `Active platform users`. */
  description?: string;
  /** Change against last month, e.g. `+12%`, `-3%`, `New`, `0%`. */
  change?: string;
  /** Accent colour of the card's edge (a CSS colour or Mantine variable). */
  accent?: string;
}

function changeColor(change: string): MantineColor {
  if (change.startsWith('+') || change === 'New') return 'green';
  if (change.startsWith('-')) return 'red';
  return 'gray';
}

/** One figure with its label, as the top of every management screen shows. */
export function StatCard({ label, value, description, change, accent }: StatCardProps) {
  const style = accent ? ({ '--stat-accent': accent } as CSSProperties) : undefined;
  return (
    <Paper withBorder radius="md" className={classes.card} style={style} role="group" aria-label={label}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Text size="sm" c="dimmed" fw={600} className={classes.label}>
          {label}
        </Text>
        {change !== undefined && (
          <Badge
            variant="light"
            color={changeColor(change)}
            className={classes.change}
            aria-label={`Change against last month: ${change}`}
          >
            {change}
          </Badge>
        )}
      </Group>
      <Text fw={700} className={classes.value} mt={4}>
        {value}
      </Text>
      {description && (
        <Text size="xs" c="dimmed" mt={4} className={classes.description}>
          {description}
        </Text>
      )}
    </Paper>
  );
}
