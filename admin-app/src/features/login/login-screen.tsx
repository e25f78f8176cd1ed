import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError, paths, rateLimitMessage, sessionEndedMessage, useAuthStore } from '@prometrica/shared-api';
import { useFormFields } from '../../lib/use-form-fields';

interface Errors {
  email?: string;
  password?: string;
}

/** Spec section 5, login: both fields required. */
export function validateLogin(email: string, password: string): Errors {
  const errors: Errors = {};
  if (!email.trim()) errors.email = 'Email is required';
  if (!password) errors.password = 'Password is required';
  return errors;
}

/** The id of the failed sign-in's notice: a later attempt replaces it, a successful one takes it away. */
const FAILURE_NOTICE = 'login-failed';

/** `/admin` and `/login`: sign in to the management area. */
export function LoginScreen() {
  const login = useAuthStore((s) => s.login);
  const loading = useAuthStore((s) => s.status.login === 'loading');
  // Sent here because the session was ended elsewhere (a password change, the sessions list).
  const ended = useAuthStore((s) => s.sessionEnded);
  const navigate = useNavigate();
  const form = useFormFields({ email: '', password: '' }, (v) => validateLogin(v.email, v.password));
  /** A required field, whose message typing clears. */
  const bind = (field: keyof Errors) => ({ required: true, ...form.field(field, false) });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const { email, password } = form.values;
    try {
      const message = await login(email.trim(), password);
      // A refusal told before this attempt must not follow the account onto the dashboard.
      notifications.hide(FAILURE_NOTICE);
      notifications.show({ color: 'green', title: 'Signed in', message });
      const role = useAuthStore.getState().user?.role;
      navigate(role === 'admin' || role === 'superadmin' ? paths.overview : paths.welcome, { replace: true });
    } catch (error) {
      notifications.hide(FAILURE_NOTICE);
      notifications.show({
        id: FAILURE_NOTICE,
        color: 'red',
        title: (isApiError(error) && error.error) || 'Login failed',
        // For a 429 the wait left comes from its Retry-After; the server's message names its whole window.
        message: rateLimitMessage(error) ?? (error instanceof Error ? error.message : 'Login failed'),
      });
    }
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={420}>
        <form onSubmit={submit} noValidate aria-label="Sign in">
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                Prometrica
              </Title>
              <Text c="dimmed" size="sm">
                Management System: sign in to continue
              </Text>
            </div>
            {ended && (
              <Alert color="yellow" role="status">
                {sessionEndedMessage}
              </Alert>
            )}
            <TextInput label="Email" name="email" type="email" autoComplete="username" {...bind('email')} />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              {...bind('password')}
              visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            />
            <Button type="submit" loading={loading} fullWidth size="md">
              Sign in
            </Button>
          </Stack>
        </form>
        <Text size="xs" c="dimmed" ta="center" mt="md">
          Release {__PROMETRICA_RELEASE__}
        </Text>
      </Paper>
    </Center>
  );
}
