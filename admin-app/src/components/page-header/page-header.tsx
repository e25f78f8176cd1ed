import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { PlusIcon } from '../icons';

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

/** A list's `Add ...` button: a link to the screen that adds one (`to`), or a button opening a form. */
export function AddButton({ label, to, onClick }: { label: string; to?: string; onClick?: () => void }) {
  const icon = <PlusIcon size={16} />;
  if (to) {
    return (
      <Button component={Link} to={to} leftSection={icon}>
        {label}
      </Button>
    );
  }
  return (
    <Button leftSection={icon} onClick={onClick}>
      {label}
    </Button>
  );
}
