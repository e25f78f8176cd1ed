import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { paths, rateLimitMessage, useAuthStore } from '@prometrica/shared-api';

/**
 * When the server refuses the account's token mid-work, asks for the password in place: the screen
 * underneath (and whatever was typed into it) stays as it was, ready for the action to be retried.
 */
export function SessionExpiredModal() {
  const expired = useAuthStore((s) => s.sessionExpired);
  const user = useAuthStore((s) => s.user);
  const login = useAuthStore((s) => s.login);
  const logout = useAuthStore((s) => s.logout);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = (email || user?.email || '').trim();
    if (!address || !password) {
      setError('Email and password are required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await login(address, password);
      setPassword('');
    } catch (failure) {
      setError(rateLimitMessage(failure) ?? (failure instanceof Error ? failure.message : 'Login failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={expired}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title="Sign in again"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text role="alert">Your session has expired. Please log in again.</Text>
          <Text size="sm" c="dimmed">
            What you were doing is kept: sign in and try it again.
          </Text>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email || user?.email || ''}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="gray"
              onClick={() => {
                logout();
                navigate(paths.login, { replace: true });
              }}
            >
              Sign out
            </Button>
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
