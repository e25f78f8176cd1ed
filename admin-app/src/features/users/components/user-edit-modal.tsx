import type { FormEvent } from 'react';
import { Stack } from '@mantine/core';
import { useAuthStore, usersApi, type Role, type User } from '@prometrica/shared-api';
import { FormModal, FormModalActions, SaveFailure } from '../../../components';
import { useFormFields } from '../../../lib/use-form-fields';
import { useSave } from '../../../lib/use-save';
import { editRoleChoices, validateUser, type UserFormValues } from '../utils/user-form';
import { UserFields } from './user-fields';

export interface UserEditModalProps {
  /** The account being edited; null closes the modal. */
  user: User | null;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onSaved: () => void;
}

/** `Edit User`: name, email, phone and role. */
export function UserEditModal({ user, onClose, onSaved }: UserEditModalProps) {
  return (
    <FormModal item={user} keyOf={(u) => u._id} title="Edit User" onClose={onClose}>
      {(user, saving, setSaving) => <EditUserForm user={user} saving={saving} setSaving={setSaving} onCancel={onClose} onSaved={onSaved} />}
    </FormModal>
  );
}

interface EditUserFormProps {
  user: User;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}

function EditUserForm({ user, saving, setSaving, onCancel, onSaved }: EditUserFormProps) {
  const myRole = useAuthStore((s) => s.user?.role);
  const form = useFormFields<UserFormValues & { password?: string }>(
    { name: user.name, email: user.email, phoneNumber: user.phoneNumber, role: user.role },
    validateUser,
  );
  const { failure, clearFailure, save } = useSave(setSaving, { saved: 'User updated', failed: 'The user was not updated' });

  async function submit(event: FormEvent) {
    event.preventDefault();
    clearFailure();
    if (!form.check()) return;
    const { values } = form;
    const saved = await save(() =>
      usersApi.updateUser(user._id, {
        name: values.name.trim(),
        email: values.email.trim(),
        phoneNumber: values.phoneNumber.trim(),
        role: values.role as Role,
      }),
    );
    if (saved) onSaved();
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Edit user">
      <Stack gap="sm">
        <SaveFailure failure={failure} />
        <UserFields
          values={form.values}
          errors={form.errors}
          set={form.set}
          saving={saving}
          roles={editRoleChoices(user, myRole)}
          roleDescription={myRole === 'superadmin' ? undefined : 'Only a superadmin can make someone an admin.'}
        />
        <FormModalActions label="Update User" busyLabel="Updating..." saving={saving} onCancel={onCancel} mt="sm" />
      </Stack>
    </form>
  );
}
