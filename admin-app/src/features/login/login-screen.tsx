import { useState, type FormEvent } from 'react';
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

/** Where a signed-in account goes: the dashboard (its Account page when it must turn on the second factor), or /welcome. */
function landingPath(): string {
  const { user, secondFactorEnrolmentRequired } = useAuthStore.getState();
  if (user?.role !== 'admin' && user?.role !== 'superadmin') return paths.welcome;
  return secondFactorEnrolmentRequired ? accountPath : paths.overview;
}
const accountPath = '/dashboard/account';

/** A failed step's notice, replacing the one before. */
function showFailure(error: unknown, fallback: string) {
  notifications.hide(FAILURE_NOTICE);
  notifications.show({
    id: FAILURE_NOTICE,
    color: 'red',
    title: (isApiError(error) && error.error) || fallback,
    // For a 429 the wait left comes from its Retry-After; the server's message names its whole window.
    message: rateLimitMessage(error) ?? (error instanceof Error ? error.message : fallback),
  });
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
function SecondFactorStep({ onSignedIn }: { onSignedIn: (message: string) => void }) {
  const complete = useAuthStore((s) => s.completeSecondFactor);
  const cancel = useAuthStore((s) => s.cancelSecondFactor);
  const loading = useAuthStore((s) => s.status.login === 'loading');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = code.trim();
    if (!text) {
      setError(recovery ? 'Recovery code is required' : 'Code is required');
      return;
    }
    try {
      onSignedIn(await complete(recovery ? { recoveryCode: text } : { code: text }));
    } catch (failure) {
      showFailure(failure, 'Sign-in failed');
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor authentication">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            Two-factor authentication
          </Title>
          <Text c="dimmed" size="sm">
            {recovery
              ? 'Enter one of your recovery codes. Each code works once.'
              : 'Enter the 6-digit code from your authenticator app.'}
          </Text>
        </div>
        <TextInput
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name={recovery ? 'recoveryCode' : 'code'}
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          required
          data-autofocus
          value={code}
          error={error}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setError(undefined);
          }}
        />
        <Button type="submit" loading={loading} fullWidth size="md">
          Verify
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setRecovery((r) => !r);
            setCode('');
            setError(undefined);
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Button>
        <Button variant="subtle" color="gray" onClick={cancel}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}

/** `/admin` and `/login`: sign in to the management area. */
export function LoginScreen() {
  const login = useAuthStore((s) => s.login);
  const challenged = useAuthStore((s) => s.secondFactorChallenge !== null);
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
      // The account has a second factor: the code comes next, nobody is signed in yet.
      if (useAuthStore.getState().secondFactorChallenge) {
        notifications.hide(FAILURE_NOTICE);
        return;
      }
      signedIn(message);
    } catch (error) {
      showFailure(error, 'Login failed');
    }
  }

  function signedIn(message: string) {
    // A refusal told before this attempt must not follow the account onto the dashboard.
    notifications.hide(FAILURE_NOTICE);
    notifications.show({ color: 'green', title: 'Signed in', message });
    navigate(landingPath(), { replace: true });
  }

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%" maw={420}>
        {challenged ? (
          <SecondFactorStep onSignedIn={signedIn} />
        ) : (
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
        )}
        <Text size="xs" c="dimmed" ta="center" mt="md">
          Release {__PROMETRICA_RELEASE__}
        </Text>
      </Paper>
    </Center>
  );
}
