import { Stack } from '@mantine/core';
import { useAuthStore, usersApi, type Role, type User } from '@prometrica/shared-api';
import { FormModal, FormModalActions, SaveFailure } from '../../../components';
import type { EditModalProps, FormModalState } from '../../../components';
import { formatPhone } from '../../../lib/phone';
import { useFormFields } from '../../../lib/use-form-fields';
import { useSave } from '../../../lib/use-save';
import { editRoleChoices, validateUser, type UserFormValues } from '../utils/user-form';
import { UserFields } from './user-fields';

/** `Edit User`: name, email, phone and role. */
export function UserEditModal({ item, onClose, onSaved }: EditModalProps<User>) {
  return (
    <FormModal item={item} keyOf={(u) => u._id} title="Edit User" onClose={onClose} onSaved={onSaved}>
      {(user, modal) => <EditUserForm user={user} modal={modal} />}
    </FormModal>
  );
}

function EditUserForm({ user, modal }: { user: User; modal: FormModalState }) {
  const myRole = useAuthStore((s) => s.user?.role);
  const form = useFormFields<UserFormValues & { password?: string }>(
    // The stored number (E.164) as people read it: +44 20 7946 0958.
    { name: user.name, email: user.email, phoneNumber: formatPhone(user.phoneNumber), role: user.role },
    validateUser,
  );
  const { failure, submit } = useSave({ saved: 'User updated', atField: form.showAt }, modal.setSaving);
  const { values } = form;
  const send = () =>
    usersApi.updateUser(user._id, {
      name: values.name.trim(),
      email: values.email.trim(),
      phoneNumber: values.phoneNumber.trim(),
      role: values.role as Role,
    });

  return (
    <form onSubmit={submit(form.check, send, modal.onSaved)} noValidate aria-label="Edit user">
      <Stack gap="sm">
        <SaveFailure failure={failure} />
        <UserFields
          form={form}
          saving={modal.saving}
          roles={editRoleChoices(user, myRole)}
          roleDescription={myRole === 'superadmin' ? undefined : 'Only a superadmin can make someone an admin.'}
        />
        <FormModalActions modal={modal} label="Update User" busyLabel="Updating..." mt="sm" />
      </Stack>
    </form>
  );
}
