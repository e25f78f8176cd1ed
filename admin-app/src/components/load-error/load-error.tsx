import { Alert, Button, Stack, Text } from '@mantine/core';

export interface LoadErrorProps {
  /** What could not be loaded, e.g. `Questions could not be loaded`. */
  title: string;
  /** The server's message. */
  message: string;
  onRetry: () => void;
}

/** A failed load with the server's message and a Retry button. */
export function LoadError({ title, message, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button color="red" variant="light" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
