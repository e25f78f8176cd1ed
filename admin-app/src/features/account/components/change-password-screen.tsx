import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useAuthStore } from '@prometrica/shared-api';
import { PageHeader } from '../../../components';
import { useChangePassword } from '../hooks/use-change-password';
import { validatePasswordForm, type PasswordFormErrors, type PasswordFormValues } from '../utils/password-form';

const blank: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** `/dashboard/account`: change the signed-in account's password. */
export function ChangePasswordScreen() {
  const user = useAuthStore((s) => s.user);
  const [values, setValues] = useState<PasswordFormValues>(blank);
  const [errors, setErrors] = useState<PasswordFormErrors>({});
  const { saving, outcome, changePassword, clearOutcome } = useChangePassword();

  function set(field: keyof PasswordFormValues, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    clearOutcome();
    const found = validatePasswordForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (await changePassword(values.currentPassword, values.newPassword)) setValues(blank);
  }

  return (
    <Stack gap="lg" maw={520}>
      <PageHeader title="Change Password" description="Choose a new password for the account you are signed in with." />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <form onSubmit={submit} noValidate aria-label="Change password">
          <Stack gap="sm">
            {user && (
              <Text size="sm" c="dimmed">
                Signed in as {user.email}
              </Text>
            )}
            {outcome && (
              <Alert color={outcome.ok ? 'green' : 'red'} role={outcome.ok ? 'status' : 'alert'}>
                {outcome.message}
              </Alert>
            )}
            <PasswordInput
              label="Current password"
              withAsterisk
              autoComplete="current-password"
              value={values.currentPassword}
              onChange={(e) => set('currentPassword', e.currentTarget.value)}
              error={errors.currentPassword}
              disabled={saving}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide current password' }}
            />
            <PasswordInput
              label="New password"
              withAsterisk
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(e) => set('newPassword', e.currentTarget.value)}
              error={errors.newPassword}
              disabled={saving}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
            />
            <PasswordInput
              label="Confirm new password"
              withAsterisk
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={(e) => set('confirmPassword', e.currentTarget.value)}
              error={errors.confirmPassword}
              disabled={saving}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the confirmation' }}
            />
            <Group justify="flex-end" mt="sm">
              <Button type="submit" loading={saving}>
                Change Password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
