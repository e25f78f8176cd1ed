import { Table, Text } from '@mantine/core';
import type { ParticipantSummary } from '@prometrica/shared-api';
import { ListTable, ShortCell } from '../../../components';
import { formatDateTime } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/phone';
import type { InvitationActions } from '../hooks/use-invitation-actions';
import { InvitationSummary } from './invitation-summary';
import { ParticipantActions } from './participant-actions';
import { StageBadge } from './stage-badge';
import classes from './participants.module.css';

export interface ParticipantListProps {
  participants: ParticipantSummary[];
  mailConfigured: boolean;
  actions: InvitationActions;
}

/** Participants as a table (desktop). */
export function ParticipantTable({ participants, mailConfigured, actions }: ParticipantListProps) {
  return (
    <ListTable
      minWidth={860}
      columns={['Participant', 'Stage', 'Invitation', 'Last activity', 'Actions']}
      short={['Stage', 'Last activity', 'Actions']}
    >
      {participants.map((participant) => (
        <Table.Tr key={participant._id}>
          <Table.Td className={classes.participant}>
            <Text size="sm" fw={500}>
              {participant.name}
            </Text>
            <Text size="xs" c="dimmed">
              {participant.email}
            </Text>
            {participant.phone && (
              <Text size="xs" c="dimmed">
                {formatPhone(participant.phone)}
              </Text>
            )}
          </Table.Td>
          <ShortCell>
            <StageBadge participant={participant} />
          </ShortCell>
          <Table.Td>
            <InvitationSummary invitation={participant.invitation} />
          </Table.Td>
          <ShortCell>
            <Text size="sm">{formatDateTime(participant.lastActivityAt)}</Text>
          </ShortCell>
          <ShortCell>
            <ParticipantActions participant={participant} mailConfigured={mailConfigured} actions={actions} />
          </ShortCell>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
