import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  /** Open when true. */
  opened: boolean;
  /** Heading of the dialog. */
  title: string;
  /** The question asked, e.g. `Are you sure you want to delete this question?`. */
  message: string;
  /** Label of the confirming button. */
  confirmLabel?: string;
  /** True while the confirmed action runs: the buttons are disabled. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive action. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'Delete',
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onCancel} title={title} centered>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
