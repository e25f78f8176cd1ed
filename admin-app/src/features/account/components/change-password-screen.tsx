import type { FormEvent } from 'react';
import { Alert, PasswordInput, Stack, Text } from '@mantine/core';
import { useAuthStore } from '@prometrica/shared-api';
import { FormPage, SubmitRow } from '../../../components';
import { useFormFields } from '../../../lib/use-form-fields';
import { useChangePassword } from '../hooks/use-change-password';
import { validatePasswordForm, type PasswordFormValues } from '../utils/password-form';

const blank: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

const fields: { name: keyof PasswordFormValues; label: string; autoComplete: string; toggleLabel: string }[] = [
  {
    name: 'currentPassword',
    label: 'Current password',
    autoComplete: 'current-password',
    toggleLabel: 'Show or hide current password',
  },
  {
    name: 'newPassword',
    label: 'New password',
    autoComplete: 'new-password',
    toggleLabel: 'Show or hide new password',
  },
  {
    name: 'confirmPassword',
    label: 'Confirm new password',
    autoComplete: 'new-password',
    toggleLabel: 'Show or hide the confirmation',
  },
];

/** Change the signed-in account's password; `onChanged` hears of a change (the other sessions ended). */
export function ChangePasswordScreen({ onChanged }: { onChanged?: () => void } = {}) {
  const user = useAuthStore((s) => s.user);
  const form = useFormFields(blank, (values) => validatePasswordForm(values, user ?? undefined));
  // The server's refusal of the new password (a common one, say) is told at that field.
  const { saving, outcome, changePassword, clearOutcome } = useChangePassword((field, message) =>
    field === 'newPassword'
      ? form.showAt(field, message.replace(/^newPassword(: newPassword)? /, 'New password '))
      : false,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    clearOutcome();
    if (!form.check()) return;
    if (await changePassword(form.values.currentPassword, form.values.newPassword)) {
      form.setValues(blank);
      onChanged?.();
    }
  }

  return (
    <FormPage
      title="Change Password"
      description="Choose a new password for the account you are signed in with."
      maw={520}
      onSubmit={submit}
    >
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
        {fields.map((field) => (
          <PasswordInput
            key={field.name}
            label={field.label}
            withAsterisk
            autoComplete={field.autoComplete}
            {...form.field(field.name, saving)}
            visibilityToggleButtonProps={{ 'aria-label': field.toggleLabel }}
          />
        ))}
        <SubmitRow label="Change Password" saving={saving} mt="sm" />
      </Stack>
    </FormPage>
  );
}
