import { useNavigate } from 'react-router-dom';
import { SimpleGrid } from '@mantine/core';
import { useAuthStore, usersApi } from '@prometrica/shared-api';
import { FormPage, SaveFailure, SubmitRow } from '../../../components';
import { dashboardPath } from '../../../lib/dashboard-paths';
import { useFormFields } from '../../../lib/use-form-fields';
import { useSave } from '../../../lib/use-save';
import { newUserRoleChoices, validateUser, type NewUserValues } from '../utils/user-form';
import { UserFields } from './user-fields';

const blank: NewUserValues = { name: '', email: '', password: '', phoneNumber: '', role: 'user' };

/** `/dashboard/add-user`: a new account; only a superadmin may create an admin. */
export function AddUserScreen() {
  const myRole = useAuthStore((s) => s.user?.role);
  const navigate = useNavigate();
  const form = useFormFields(blank, validateUser);
  const { saving, failure, submit } = useSave({ saved: 'User created', atField: form.showAt });
  const { values } = form;
  const send = () =>
    usersApi.createUser({
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      phoneNumber: values.phoneNumber.trim(),
      role: values.role === 'admin' ? 'admin' : 'user',
    });

  return (
    <FormPage
      title="Add User"
      description="Create a staff account that signs in. Participants are invited under Participants."
      back={{ to: dashboardPath('user-list'), label: 'Back to users' }}
      onSubmit={submit(form.check, send, () => navigate(dashboardPath('user-list')))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <UserFields form={form} saving={saving} roles={newUserRoleChoices(myRole)} />
      </SimpleGrid>
      {/* A refusal that names no field is told beside the button that was pressed, once. */}
      <SaveFailure failure={failure} mt="lg" />
      <SubmitRow label="Create User" saving={saving} />
    </FormPage>
  );
}
