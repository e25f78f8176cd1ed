import { Fragment, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal } from '@mantine/core';

export interface FormModalProps<T> {
  /** The item the form edits; null closes the modal. */
  item: T | null;
  /** Gives each item a fresh form. */
  keyOf: (item: T) => string;
  title: string;
  /** Mantine's modal size; its default without one. */
  size?: string;
  onClose: () => void;
  /** The form for the item, told whether it is being sent and how to say so. */
  children: (item: T, saving: boolean, setSaving: (saving: boolean) => void) => ReactNode;
}

/** A modal around a form, which cannot be closed while the form is being sent. */
export function FormModal<T>({ item, keyOf, title, size, onClose, children }: FormModalProps<T>) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal opened={item !== null} onClose={saving ? () => undefined : onClose} title={title} size={size} closeOnClickOutside={!saving}>
      {/* Keyed by the item, so that the form's own state starts again for another item. */}
      {item !== null && <Fragment key={keyOf(item)}>{children(item, saving, setSaving)}</Fragment>}
    </Modal>
  );
}

/** Why the server refused the form, above its fields. */
export function SaveFailure({ failure, mb }: { failure: string | null; mb?: string }) {
  if (!failure) return null;
  return (
    <Alert color="red" title="Not saved" mb={mb} role="alert">
      {failure}
    </Alert>
  );
}

/** Cancel and the submit button at the foot of a modal's form; the submit button says `busyLabel` while it is sent. */
export function FormModalActions({ label, busyLabel, saving, onCancel, mt }: { label: string; busyLabel: string; saving: boolean; onCancel: () => void; mt: string }) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? busyLabel : label}
      </Button>
    </Group>
  );
}
