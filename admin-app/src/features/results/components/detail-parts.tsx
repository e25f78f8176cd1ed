import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

/** A part of the result's details, named by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A labelled value in the result's details. */
export function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div style={{ overflowWrap: 'anywhere' }} role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value}
      </Text>
    </div>
  );
}
