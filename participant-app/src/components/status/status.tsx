import type { ReactNode } from 'react';
import { Alert, Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';

/** A screen's loading line, announced to screen readers. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl" role="status">
      <Loader aria-hidden="true" />
      <Text>{children}</Text>
    </Stack>
  );
}

export interface RetryAlertProps {
  title: string;
  /** What went wrong and what to do: one or more lines above the Retry button. */
  children: ReactNode;
  onRetry: () => void;
  /** `red` for a failure, `gray` for nothing to show yet. */
  tone?: 'red' | 'gray';
  /** The space between the lines and the button. */
  gap?: 'xs' | 'sm';
}

/** A failed (or empty) load with its Retry. */
export function RetryAlert({ title, children, onRetry, tone = 'red', gap = 'sm' }: RetryAlertProps) {
  return (
    <Alert color={tone} title={title}>
      <Stack gap={gap} align="flex-start">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Button
          onClick={onRetry}
          variant={tone === 'red' ? 'white' : 'default'}
          color={tone === 'red' ? 'red' : undefined}
        >
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

/** The tick above a "done" message. */
export function DoneIcon() {
  return (
    <ThemeIcon size={56} radius="xl" color="brand" aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
        <path d="M5 12l5 5L20 7" />
      </svg>
    </ThemeIcon>
  );
}
