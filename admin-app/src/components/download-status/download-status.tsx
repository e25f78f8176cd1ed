import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';

export interface DownloadStatusProps {
  /** The running download: its label, bytes received, rows announced and share done when known. */
  running: { label: string; progress: { received: number; rows?: number; share?: number } } | null;
  failure: { label: string; message: string } | null;
  onCancel: () => void;
  onDismiss: () => void;
}

const units = ['bytes', 'KB', 'MB', 'GB'];

/** A size as people read it: `512 bytes`, `1.5 MB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/**
 * A running download's progress with Cancel, or why the last one failed. The bar fills by the share
 * done when it is known; otherwise it runs striped while the bytes count up.
 */
export function DownloadStatus({ running, failure, onCancel, onDismiss }: DownloadStatusProps) {
  if (running) {
    const { received, rows, share } = running.progress;
    const percent = share === undefined ? undefined : Math.round(share * 100);
    const details = [
      `${formatBytes(received)} received`,
      rows !== undefined ? `${rows} ${rows === 1 ? 'row' : 'rows'}` : undefined,
      percent !== undefined ? `about ${percent}%` : undefined,
    ].filter(Boolean);
    return (
      <Paper withBorder p="sm" radius="md" role="status" aria-label={`${running.label} in progress`}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={500}>
              {running.label}…
            </Text>
            <Button size="xs" variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
          <Progress
            value={percent ?? 100}
            striped={percent === undefined}
            animated={percent === undefined}
            aria-label={`${running.label} progress`}
          />
          <Text size="xs" c="dimmed">
            {details.join(' · ')}
          </Text>
        </Stack>
      </Paper>
    );
  }
  if (failure) {
    return (
      <Alert
        color="red"
        title={`${failure.label} failed`}
        role="alert"
        withCloseButton
        onClose={onDismiss}
        closeButtonLabel="Dismiss"
      >
        {failure.message}
      </Alert>
    );
  }
  return null;
}
