import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { categoriesApi, limits, type Category } from '@prometrica/shared-api';
import { FormModal, SaveFailure, type FormModalState } from '../../../components';
import { useSave } from '../../../lib/use-save';

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
  return (
    <FormModal
      item={opened ? { category } : null}
      keyOf={(open) => open.category?._id ?? 'new'}
      title={category ? 'Edit Category' : 'Add Category'}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(open, modal) => <CategoryForm category={open.category} modal={modal} />}
    </FormModal>
  );
}

function CategoryForm({ category, modal }: { category: Category | null; modal: FormModalState }) {
  const { saving } = modal;
  const [name, setName] = useState(category?.name ?? '');
  const { failure, clearFailure, save } = useSave(
    category ? { saved: 'Category updated' } : { saved: 'Category created' },
    modal.setSaving,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || saving) return;
    if (
      await save(() =>
        category
          ? categoriesApi.updateCategory(category._id, { name: trimmed })
          : categoriesApi.createCategory({ name: trimmed }),
      )
    )
      modal.onSaved();
  }

  return (
    <form onSubmit={submit} noValidate aria-label={category ? 'Edit category' : 'Add category'}>
      <Stack gap="sm">
        <SaveFailure failure={failure} />
        <TextInput
          label="Category name"
          withAsterisk
          data-autofocus
          maxLength={limits.categoryName}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            clearFailure();
          }}
          disabled={saving}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={modal.onCancel} disabled={saving}>
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
