import { Card, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/phone';
import { InvitationSummary } from './invitation-summary';
import { ParticipantActions } from './participant-actions';
import type { ParticipantListProps } from './participant-table';
import { StageBadge } from './stage-badge';
import classes from './participants.module.css';

/** Participants as cards (small screens): nothing wider than the screen. */
export function ParticipantCards({ participants, mailConfigured, actions }: ParticipantListProps) {
  return (
    <Stack gap="sm" p="sm" component="ul" m={0} style={{ listStyle: 'none' }} aria-label="Participants">
      {participants.map((participant) => (
        <Card key={participant._id} withBorder radius="md" component="li" className={classes.card}>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{participant.name}</Text>
              <Text size="xs" c="dimmed">
                {participant.email}
              </Text>
              {participant.phone && (
                <Text size="xs" c="dimmed">
                  {formatPhone(participant.phone)}
                </Text>
              )}
            </div>
            <StageBadge participant={participant} />
          </Group>
          <Group justify="space-between" align="flex-start" mt="sm" gap="xs">
            <InvitationSummary invitation={participant.invitation} />
            <div>
              <Text size="xs" c="dimmed">
                Last activity
              </Text>
              <Text size="sm">{formatDateTime(participant.lastActivityAt)}</Text>
            </div>
          </Group>
          <Group justify="flex-end" mt="xs">
            <ParticipantActions participant={participant} mailConfigured={mailConfigured} actions={actions} size="lg" />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
