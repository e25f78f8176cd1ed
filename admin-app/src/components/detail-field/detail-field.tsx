import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A labelled value in a details modal. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
