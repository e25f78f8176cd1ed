import { Group, Text } from '@mantine/core';

/** Prometrica's mark: a rising bar chart in a rounded square, and the word mark. */
export function Logo() {
  return (
    <Group gap={8} wrap="nowrap" role="img" aria-label="Prometrica">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-8)" />
        <rect x="7" y="17" width="4" height="8" rx="1" fill="#fff" />
        <rect x="14" y="12" width="4" height="13" rx="1" fill="#fff" />
        <rect x="21" y="7" width="4" height="18" rx="1" fill="#fff" />
      </svg>
      <Text fw={700} size="lg" c="brand.9" aria-hidden="true">
        Prometrica
      </Text>
    </Group>
  );
}
