import { useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { authApi, useAuthStore } from '@prometrica/shared-api';
import { LoadError } from '../../../components';
import { copyText } from '../../../lib/clipboard';
import { saveTextFile } from '../../../lib/download';
import { notifyError } from '../../../lib/notify';
import { useFetch } from '../../../lib/use-fetch';
import { useSecondFactor } from '../hooks/use-second-factor';

/** The secret as people type it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** A code field and a button: `onSubmit` gets the trimmed code (empty codes are refused here). */
function CodeForm({
  label,
  action,
  busy,
  onSubmit,
  password,
}: {
  label: string;
  action: string;
  busy: boolean;
  onSubmit: (code: string, password: string) => Promise<boolean>;
  password?: boolean;
}) {
  const [code, setCode] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(code.trim() ? {} : { code: 'Code is required' }),
      ...(password && !secret ? { password: 'Password is required' } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await onSubmit(code.trim(), secret)) {
      setCode('');
      setSecret('');
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={action}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {password && (
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={secret}
            error={errors.password}
            onChange={(event) => setSecret(event.currentTarget.value)}
          />
        )}
        <TextInput
          label={label}
          autoComplete="one-time-code"
          value={code}
          error={errors.code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button
          type="submit"
          loading={busy}
          variant={password ? 'light' : 'filled'}
          color={password ? 'red' : undefined}
        >
          {action}
        </Button>
      </Group>
    </form>
  );
}

/** Recovery codes, shown once: copy them, download them, then dismiss. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Prometrica recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <Paper withBorder radius="md" p="md" aria-label="Recovery codes">
      <Stack gap="sm">
        <Text fw={500}>Save your recovery codes</Text>
        <Text size="sm" c="dimmed">
          Each code signs you in once if you lose your authenticator app. They are shown only now.
        </Text>
        <Text component="ul" ff="monospace" m={0} style={{ columns: 2, listStyle: 'none', paddingLeft: 0 }}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </Text>
        <Group gap="sm">
          <Button
            variant="light"
            onClick={() => void copyText(codes.join('\n'), { title: 'Copied', message: 'Recovery codes copied' })}
          >
            Copy
          </Button>
          <Button
            variant="light"
            onClick={() => saveTextFile('prometrica-recovery-codes.txt', text, 'text/plain;charset=utf-8')}
          >
            Download
          </Button>
          <Button onClick={onDone}>I have saved them</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The superadmin's setting: admins must have a second factor. */
function RequirementSwitch() {
  const { data, error, reload } = useFetch(() => authApi.secondFactorRequirement(), []);
  const [saving, setSaving] = useState(false);
  if (error) return <LoadError title="The setting could not be loaded" message={error} onRetry={reload} />;
  return (
    <Switch
      label="Require two-factor authentication for admins"
      description="An admin without it who signs in can only turn it on until it is on."
      checked={data?.required ?? false}
      disabled={!data || saving}
      onChange={(event) => {
        const required = event.currentTarget.checked;
        setSaving(true);
        authApi
          .setSecondFactorRequirement({ required })
          .then(reload, notifyError)
          .finally(() => setSaving(false));
      }}
    />
  );
}

/**
 * Two-factor authentication of the signed-in account: set up with an authenticator app (QR code or
 * the key typed in), recovery codes shown once, new ones, turning it off; and, for a superadmin,
 * the setting that requires it of admins.
 */
export function SecondFactorPanel() {
  const factor = useSecondFactor();
  const superadmin = useAuthStore((s) => s.user?.role === 'superadmin');
  const { data, setup, busy } = factor;

  return (
    <Stack gap="sm" maw={720} component="section" aria-labelledby="second-factor-heading">
      <Stack gap={2}>
        <Group gap="xs">
          <Title order={2} size="h4" id="second-factor-heading">
            Two-factor authentication
          </Title>
          {data && (
            <Badge color={data.enabled ? 'green' : 'gray'} variant="light">
              {data.enabled ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          Signing in asks for a code from an authenticator app on your phone as well as the password.
        </Text>
      </Stack>
      {data?.enrolOnly && (
        <Alert color="yellow" role="status">
          The superadmin requires two-factor authentication for admins. Turn it on to use the dashboard.
        </Alert>
      )}
      {factor.recoveryCodes && <RecoveryCodes codes={factor.recoveryCodes} onDone={factor.dismissRecoveryCodes} />}
      {factor.error ? (
        <LoadError
          title="Two-factor authentication could not be loaded"
          message={factor.error}
          onRetry={factor.reload}
        />
      ) : !data ? (
        <Loader size="sm" aria-label="Loading two-factor authentication" />
      ) : data.enabled ? (
        <Stack gap="md">
          <Text size="sm">{data.recoveryCodesLeft} recovery codes left.</Text>
          <CodeForm
            label="Code from the app"
            action="New recovery codes"
            busy={busy}
            onSubmit={(code) => factor.renew(code)}
          />
          {data.required ? (
            <Text size="sm" c="dimmed">
              The superadmin requires it for admins: it cannot be turned off.
            </Text>
          ) : (
            <CodeForm
              label="Code or recovery code"
              action="Turn off"
              password
              busy={busy}
              onSubmit={(code, password) => factor.disable(password, code)}
            />
          )}
        </Stack>
      ) : setup ? (
        <Stack gap="sm">
          <Text size="sm">
            Scan the QR code with your authenticator app, or type the key in, then enter the code it shows.
          </Text>
          <img src={setup.qrCode} alt="QR code for the authenticator app" width={200} height={200} />
          <Text size="sm">
            Key:{' '}
            <Text span ff="monospace" aria-label="Key to type in">
              {grouped(setup.secret)}
            </Text>
          </Text>
          <CodeForm label="Code from the app" action="Turn on" busy={busy} onSubmit={(code) => factor.confirm(code)} />
        </Stack>
      ) : (
        <Group>
          <Button loading={busy} onClick={() => void factor.start()}>
            Set up two-factor authentication
          </Button>
        </Group>
      )}
      {superadmin && <RequirementSwitch />}
    </Stack>
  );
}
