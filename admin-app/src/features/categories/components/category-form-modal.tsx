import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { categoriesApi, limits, type Category } from '@prometrica/shared-api';
import { messageOf, notifyError, notifySuccess } from '../../../lib/notify';

export interface CategoryFormModalProps {
  /** Open when true. */
  opened: boolean;
  /** The category being renamed, or null to add one. */
  category: Category | null;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onSaved: () => void;
}

/** Add or rename a category. */
export function CategoryFormModal({ opened, category, onClose, onSaved }: CategoryFormModalProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={saving ? () => undefined : onClose}
      title={category ? 'Edit Category' : 'Add Category'}
      closeOnClickOutside={!saving}
    >
      {opened && <CategoryForm key={category?._id ?? 'new'} category={category} saving={saving} setSaving={setSaving} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

interface CategoryFormProps {
  category: Category | null;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}

function CategoryForm({ category, saving, setSaving, onCancel, onSaved }: CategoryFormProps) {
  const [name, setName] = useState(category?.name ?? '');
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || saving) return;
    setFailure(null);
    setSaving(true);
    try {
      const res = category ? await categoriesApi.updateCategory(category._id, { name: trimmed }) : await categoriesApi.createCategory({ name: trimmed });
      setSaving(false);
      notifySuccess(res.message, category ? 'Category updated' : 'Category created');
      onSaved();
    } catch (error) {
      setSaving(false);
      setFailure(messageOf(error));
      notifyError(error, category ? 'The category was not updated' : 'The category was not created');
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={category ? 'Edit category' : 'Add category'}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="Not saved" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Category name"
          withAsterisk
          data-autofocus
          maxLength={limits.categoryName}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setFailure(null);
          }}
          disabled={saving}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim() || saving} loading={saving}>
            {category ? 'Update' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
