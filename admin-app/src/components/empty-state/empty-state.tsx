import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import classes from './empty-state.module.css';

export interface EmptyStateProps {
  /** The spec's empty-state heading, e.g. `No Questions Found`. */
  title: string;
  /** A second line telling what to do next. */
  hint?: string;
  /** Optional button or link. */
  action?: ReactNode;
}

/** Shown in place of a table with no rows. */
export function EmptyState({ title, hint, action }: EmptyStateProps) {
  return (
    <Stack align="center" gap={6} p="xl" className={classes.root} role="status">
      <Text fw={700} size="lg">
        {title}
      </Text>
      {hint && (
        <Text c="dimmed" size="sm">
          {hint}
        </Text>
      )}
      {action}
    </Stack>
  );
}
