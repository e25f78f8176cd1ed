import { Badge, Stack, Text } from '@mantine/core';
import type { ParticipantSummary } from '@prometrica/shared-api';
import { formatDate } from '../../../lib/format-date';
import { invitationStatusColor, invitationStatusLabel } from '../utils/stages';

/** A participant's invitation: its status, when it expires (or expired), and when it was last mailed. */
export function InvitationSummary({ invitation }: { invitation: ParticipantSummary['invitation'] }) {
  if (!invitation) {
    return (
      <Text size="sm" c="dimmed">
        Not invited
      </Text>
    );
  }
  const expiry =
    invitation.status === 'expired'
      ? `Expired ${formatDate(invitation.expiresAt)}`
      : invitation.status === 'active'
        ? `Expires ${formatDate(invitation.expiresAt)}`
        : 'Link no longer works';
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={invitationStatusColor[invitation.status]} variant="dot" tt="none">
        {invitationStatusLabel[invitation.status]}
      </Badge>
      <Text size="xs" c="dimmed">
        {expiry}
      </Text>
      {invitation.lastSentAt && (
        <Text size="xs" c="dimmed">
          Mailed {formatDate(invitation.lastSentAt)}
        </Text>
      )}
    </Stack>
  );
}
