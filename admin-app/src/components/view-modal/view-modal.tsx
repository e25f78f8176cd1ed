import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';

export interface ViewModalProps<T> {
  /** The item shown; null closes the modal. */
  item: T | null;
  /** Heading of the modal, e.g. `View User`. */
  title: string;
  /** Mantine's modal size; its default without one. */
  size?: string;
  onClose: () => void;
  /** The item's fields. */
  children: (item: T) => ReactNode;
}

/** A read-only look at one item of a list: its fields, then Close. */
export function ViewModal<T>({ item, title, size, onClose, children }: ViewModalProps<T>) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={title} size={size}>
      {item !== null && (
        <Stack gap="md">
          {children(item)}
          <CloseRow onClose={onClose} />
        </Stack>
      )}
    </Modal>
  );
}

/** The Close button at the foot of a details modal. */
export function CloseRow({ onClose }: { onClose: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
    </Group>
  );
}
