import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { AccountSession } from '@prometrica/shared-api';
import { LoadError } from '../../../components';
import { formatDateTime } from '../../../lib/format-date';
import { useSessions } from '../hooks/use-sessions';
import { describeUserAgent } from '../utils/user-agent';

function SessionRow({ session, ending, onEnd }: { session: AccountSession; ending: boolean; onEnd: () => void }) {
  const device = describeUserAgent(session.userAgent);
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={device}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={500} title={session.userAgent || undefined}>
              {device}
            </Text>
            {session.current && (
              <Badge color="green" variant="light">
                This browser
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {session.address || 'Unknown address'} · Signed in {formatDateTime(session.createdAt)} · Last seen{' '}
            {formatDateTime(session.lastSeenAt)}
          </Text>
        </Stack>
        {!session.current && (
          <Button variant="light" color="red" size="xs" loading={ending} onClick={onEnd}>
            End session
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * Where the account is signed in: each open session's browser, address, start and last use, and
 * ending any other one (its browser is signed out at its next call, on every server).
 */
export function SessionsPanel({ refresh = 0 }: { refresh?: number }) {
  const { data, error, loading, reload, ending, endSession } = useSessions(refresh);
  const sessions = data?.sessions ?? [];

  return (
    <Stack gap="sm" maw={720} component="section" aria-labelledby="sessions-heading">
      <Stack gap={2}>
        <Title order={2} size="h4" id="sessions-heading">
          Signed-in sessions
        </Title>
        <Text size="sm" c="dimmed">
          Where this account is signed in. End a session you do not recognise; changing the password ends all the
          others.
        </Text>
      </Stack>
      {error ? (
        <LoadError title="Sessions could not be loaded" message={error} onRetry={reload} />
      ) : loading && !data ? (
        <Loader size="sm" aria-label="Loading sessions" />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {sessions.map((session) => (
            <SessionRow
              key={session._id}
              session={session}
              ending={ending === session._id}
              onEnd={() => void endSession(session._id)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
