import type { ReactNode } from 'react';
import { Text } from '@mantine/core';

/** A labelled value in a details modal; `text` is a typed text shown with its line breaks. */
export function DetailField({ label, text, children }: { label: string; text?: string; children?: ReactNode }) {
  return (
    <div style={{ overflowWrap: 'anywhere' }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {text !== undefined ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {text}
          </Text>
        ) : (
          children
        )}
      </Text>
    </div>
  );
}
