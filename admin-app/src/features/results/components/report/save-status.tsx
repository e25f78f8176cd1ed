import { Alert, Button, Group, Text } from '@mantine/core';
import { formatTime } from '../../../../lib/format-date';
import type { AutosaveStatus } from '../../hooks/use-comment-autosave';

export interface SaveStatusProps {
  status: AutosaveStatus;
  /** Something typed is waiting for the pause before it is saved. */
  unsaved: boolean;
  onRetry: () => void;
}

/** The comments' draft as a line of text: Saving…, Draft saved at HH:MM, or why it was not saved with Retry. */
export function SaveStatus({ status, unsaved, onRetry }: SaveStatusProps) {
  if (status.kind === 'error') {
    return (
      <Alert color="red" title="Draft not saved" role="alert" p="xs">
        <Group gap="sm" justify="space-between">
          <Text size="sm">{status.message} Your text is kept here.</Text>
          <Button size="xs" color="red" variant="light" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  }
  // A conflict is told by its own panel (ConflictNotice).
  if (status.kind === 'conflict') return null;
  const text =
    status.kind === 'saving'
      ? 'Saving…'
      : unsaved
        ? 'Unsaved changes'
        : status.at
          ? `Draft saved at ${formatTime(status.at)}`
          : 'No comments saved yet';
  return (
    <Text size="sm" c="dimmed" role="status" aria-live="polite" aria-label="Draft status">
      {text}
    </Text>
  );
}
