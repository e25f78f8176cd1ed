import { Link } from 'react-router-dom';
import { ActionIcon, Group } from '@mantine/core';
import type { ParticipantSummary } from '@prometrica/shared-api';
import { BanIcon, CopyIcon, DownloadIcon, MailIcon, ReportIcon, TrashIcon } from '../../../components';
import { dashboardPath } from '../../../lib/dashboard-paths';
import type { InvitationActions } from '../hooks/use-invitation-actions';

/** The results section's address that opens one result's details. */
export const resultAddress = (resultId: string) => `${dashboardPath('result')}?view=${encodeURIComponent(resultId)}`;

export interface ParticipantActionsProps {
  participant: ParticipantSummary;
  /** Resend is offered only when the server can send mail. */
  mailConfigured: boolean;
  actions: InvitationActions;
  /** Larger buttons for touch (the cards). */
  size?: 'md' | 'lg';
}

/** Why a link action is unavailable for this invitation, if it is. */
function unavailable(invitation: ParticipantSummary['invitation']): string | undefined {
  if (!invitation) return undefined;
  if (invitation.status === 'expired') return 'The invitation has expired';
  if (invitation.status === 'revoked') return 'The invitation was revoked';
  return undefined;
}

/**
 * A participant's buttons: copy the invitation link, mail it again, revoke it, open their result,
 * export their data and erase them. Each is named with the participant (`Copy invitation link of
 * Ada Lovelace`).
 */
export function ParticipantActions({ participant, mailConfigured, actions, size = 'md' }: ParticipantActionsProps) {
  const { invitation, name, resultId } = participant;
  const blocked = unavailable(invitation);
  return (
    // The cards' larger buttons wrap to a second line rather than widen a phone's card.
    <Group gap={4} wrap={size === 'lg' ? 'wrap' : 'nowrap'} justify="flex-end">
      {invitation && (
        <ActionIcon
          size={size}
          variant="subtle"
          aria-label={`Copy invitation link of ${name}`}
          title={blocked ?? 'Copy link'}
          disabled={blocked !== undefined}
          onClick={() => actions.copyLink(participant)}
        >
          <CopyIcon />
        </ActionIcon>
      )}
      {invitation && mailConfigured && (
        <ActionIcon
          size={size}
          variant="subtle"
          aria-label={`Resend invitation to ${name}`}
          title={blocked ?? 'Resend by email'}
          disabled={blocked !== undefined}
          loading={actions.resending === invitation._id}
          loaderProps={{ 'aria-label': `Sending the invitation to ${name}` }}
          onClick={() => void actions.resend(participant)}
        >
          <MailIcon />
        </ActionIcon>
      )}
      {invitation && (
        <ActionIcon
          size={size}
          variant="subtle"
          color="red"
          aria-label={`Revoke invitation of ${name}`}
          title={blocked ?? 'Revoke'}
          disabled={blocked !== undefined}
          onClick={() => actions.askRevoke(participant)}
        >
          <BanIcon />
        </ActionIcon>
      )}
      {resultId && (
        <ActionIcon
          size={size}
          variant="subtle"
          color="green"
          component={Link}
          to={resultAddress(resultId)}
          aria-label={`Open result of ${name}`}
          title="Open result"
        >
          <ReportIcon />
        </ActionIcon>
      )}
      <ActionIcon
        size={size}
        variant="subtle"
        aria-label={`Export data of ${name}`}
        title="Export data (JSON)"
        loading={actions.exportingData === participant._id}
        loaderProps={{ 'aria-label': `Exporting the data of ${name}` }}
        onClick={() => void actions.exportData(participant)}
      >
        <DownloadIcon />
      </ActionIcon>
      <ActionIcon
        size={size}
        variant="subtle"
        color="red"
        aria-label={`Erase ${name}`}
        title="Erase"
        onClick={() => actions.askErase(participant)}
      >
        <TrashIcon />
      </ActionIcon>
    </Group>
  );
}
