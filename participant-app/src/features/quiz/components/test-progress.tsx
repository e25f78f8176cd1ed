import type { ReactNode } from 'react';
import { Group, Paper, Progress, Text, Title } from '@mantine/core';

export interface TestProgressProps {
  /** Zero-based position of the current question. */
  index: number;
  /** Number of questions. */
  total: number;
  /** Shown beside the percentage (how saving goes). */
  status?: ReactNode;
}

/** How far through the test the participant is: round(current index ÷ total × 100). */
export function progressPercent(index: number, total: number): number {
  return total === 0 ? 0 : Math.round((index / total) * 100);
}

/** The `Test Progress` panel above the question. */
export function TestProgress({ index, total, status }: TestProgressProps) {
  const percent = progressPercent(index, total);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={1} size="h4">
          Test Progress
        </Title>
        <Text fw={600}>
          {index + 1} of {total}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        <Progress.Section value={percent} aria-label="Test progress" />
      </Progress.Root>
      <Group justify="space-between" align="flex-start" gap={4} mt={6}>
        <Text size="sm" c="dimmed">
          {percent}% Complete
        </Text>
        {status}
      </Group>
    </Paper>
  );
}
