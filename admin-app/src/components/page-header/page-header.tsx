import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

export interface PageHeaderProps {
  /** The screen's heading. */
  title: string;
  /** One line under the heading. */
  description?: string;
  /** Buttons on the right (wrap under the heading on small screens). */
  actions?: ReactNode;
}

/** Heading row of a management screen. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  );
}
