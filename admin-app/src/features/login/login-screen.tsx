import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isApiError, paths, useAuthStore } from '@prometrica/shared-api';

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

/** `/admin` and `/login`: sign in to the management area. */
export function LoginScreen() {
  const login = useAuthStore((s) => s.login);
  const loading = useAuthStore((s) => s.status.login === 'loading');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin(email, password);
    setErrors(found);
    if (found.email || found.password) return;
    try {
      const message = await login(email.trim(), password);
      notifications.show({ color: 'green', title: 'Signed in', message });
      const role = useAuthStore.getState().user?.role;
      navigate(role === 'admin' || role === 'superadmin' ? paths.overview : paths.welcome, { replace: true });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: (isApiError(error) && error.error) || 'Login failed',
        message: error instanceof Error ? error.message : 'Login failed',
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
            <TextInput
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setErrors((x) => ({ ...x, email: undefined }));
              }}
              error={errors.email}
            />
            <PasswordInput
              label="Password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => {
                setPassword(e.currentTarget.value);
                setErrors((x) => ({ ...x, password: undefined }));
              }}
              error={errors.password}
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
