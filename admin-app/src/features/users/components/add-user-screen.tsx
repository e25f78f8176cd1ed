import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Group, NativeSelect, Paper, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useAuthStore, usersApi } from '@prometrica/shared-api';
import { PageHeader } from '../../../components';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { dashboardPath } from '../../../lib/dashboard-paths';
import { digitsOnly, newUserRoleChoices, validateUser, type NewUserValues, type UserFormErrors } from '../utils/user-form';

const blank: NewUserValues = { name: '', email: '', password: '', phoneNumber: '', role: 'user' };

/** `/dashboard/add-user`: a new account; only a superadmin may create an admin. */
export function AddUserScreen() {
  const myRole = useAuthStore((s) => s.user?.role);
  const navigate = useNavigate();
  const [values, setValues] = useState<NewUserValues>(blank);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [saving, setSaving] = useState(false);

  function set(field: keyof NewUserValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateUser(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const res = await usersApi.createUser({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        phoneNumber: values.phoneNumber.trim(),
        role: values.role === 'admin' ? 'admin' : 'user',
      });
      notifySuccess(res.message, 'User created');
      navigate(dashboardPath('user-list'));
    } catch (error) {
      setSaving(false);
      notifyError(error, 'The user was not created');
    }
  }

  return (
    <Stack gap="lg" maw={760}>
      <PageHeader
        title="Add User"
        description="Create an account for a participant or a member of staff."
        actions={
          <Button component={Link} to={dashboardPath('user-list')} variant="default">
            Back to users
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate aria-label="Add user">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              withAsterisk
              autoComplete="off"
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              disabled={saving}
            />
            <TextInput
              label="Email"
              type="email"
              withAsterisk
              autoComplete="off"
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={errors.email}
              disabled={saving}
            />
            <PasswordInput
              label="Password"
              withAsterisk
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              error={errors.password}
              disabled={saving}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
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
              data={newUserRoleChoices(myRole)}
              onChange={(e) => set('role', e.currentTarget.value)}
              error={errors.role}
              disabled={saving}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="lg">
            <Button type="submit" loading={saving}>
              Create User
            </Button>
          </Group>
        </form>
      </Paper>
    </Stack>
  );
}
