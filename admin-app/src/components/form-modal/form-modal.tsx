import { Fragment, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal } from '@mantine/core';

/** What a modal's form is told: whether it is being sent (and how to say so), and how to leave. */
export interface FormModalState {
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onCancel: () => void;
  /** After the server accepted the form. */
  onSaved: () => void;
}

/** What a list hands the modal that edits one of its items (`useItemModal`'s `editor`). */
export interface EditModalProps<T> {
  /** The item being edited; null closes the modal. */
  item: T | null;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onSaved: () => void;
}

export interface FormModalProps<T> {
  /** The item the form edits; null closes the modal. */
  item: T | null;
  /** Gives each item a fresh form. */
  keyOf: (item: T) => string;
  title: string;
  /** Mantine's modal size; its default without one. */
  size?: string;
  onClose: () => void;
  /** Called after the server accepted the form. */
  onSaved: () => void;
  /** The form for the item. */
  children: (item: T, modal: FormModalState) => ReactNode;
}

/** A modal around a form, which cannot be closed while the form is being sent. */
export function FormModal<T>({ item, keyOf, title, size, onClose, onSaved, children }: FormModalProps<T>) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      opened={item !== null}
      onClose={saving ? () => undefined : onClose}
      title={title}
      size={size}
      closeOnClickOutside={!saving}
    >
      {/* Keyed by the item, so that the form's own state starts again for another item. */}
      {item !== null && (
        <Fragment key={keyOf(item)}>{children(item, { saving, setSaving, onCancel: onClose, onSaved })}</Fragment>
      )}
    </Modal>
  );
}

/** Why the server refused the form: above a modal's fields, beside a page's submit button. */
export function SaveFailure({ failure, mb, mt }: { failure: string | null; mb?: string; mt?: string }) {
  if (!failure) return null;
  return (
    <Alert color="red" title="Not saved" mb={mb} mt={mt} role="alert">
      {failure}
    </Alert>
  );
}

export interface FormModalActionsProps {
  modal: FormModalState;
  label: string;
  /** What the submit button says while the form is sent. */
  busyLabel: string;
  mt: string;
}

/** Cancel and the submit button at the foot of a modal's form. */
export function FormModalActions({ modal, label, busyLabel, mt }: FormModalActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={modal.onCancel} disabled={modal.saving}>
        Cancel
      </Button>
      <Button type="submit" disabled={modal.saving}>
        {modal.saving ? busyLabel : label}
      </Button>
    </Group>
  );
}
