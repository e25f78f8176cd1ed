import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useAuthStore, usersApi, type Role, type User } from '@prometrica/shared-api';
import { messageOf, notifyError, notifySuccess } from '../../../lib/notify';
import { digitsOnly, editRoleChoices, validateUser, type UserFormErrors, type UserFormValues } from '../utils/user-form';

export interface UserEditModalProps {
  /** The account being edited; null closes the modal. */
  user: User | null;
  onClose: () => void;
  /** Called after the server accepted the change. */
  onSaved: () => void;
}

/** `Edit User`: name, email, phone and role. */
export function UserEditModal({ user, onClose, onSaved }: UserEditModalProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Modal opened={user !== null} onClose={saving ? () => undefined : onClose} title="Edit User" closeOnClickOutside={!saving}>
      {user && <EditUserForm key={user._id} user={user} saving={saving} setSaving={setSaving} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
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
  const [values, setValues] = useState<UserFormValues>({ name: user.name, email: user.email, phoneNumber: user.phoneNumber, role: user.role });
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  function set(field: keyof UserFormValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateUser(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const res = await usersApi.updateUser(user._id, {
        name: values.name.trim(),
        email: values.email.trim(),
        phoneNumber: values.phoneNumber.trim(),
        role: values.role as Role,
      });
      setSaving(false);
      notifySuccess(res.message, 'User updated');
      onSaved();
    } catch (error) {
      setSaving(false);
      setFailure(messageOf(error));
      notifyError(error, 'The user was not updated');
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Edit user">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" title="Not saved" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput label="Name" withAsterisk value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} disabled={saving} />
        <TextInput
          label="Email"
          type="email"
          withAsterisk
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
          disabled={saving}
        />
        <TextInput
          label="Phone number"
          inputMode="numeric"
          placeholder="03XXXXXXXXX"
          withAsterisk
          value={values.phoneNumber}
          onChange={(e) => set('phoneNumber', digitsOnly(e.currentTarget.value))}
          error={errors.phoneNumber}
          disabled={saving}
        />
        <NativeSelect
          label="Role"
          withAsterisk
          value={values.role}
          data={editRoleChoices(user, myRole)}
          onChange={(e) => set('role', e.currentTarget.value)}
          error={errors.role}
          disabled={saving}
          description={myRole === 'superadmin' ? undefined : 'Only a superadmin can make someone an admin.'}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Updating...' : 'Update User'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
