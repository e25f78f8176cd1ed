import { useState } from 'react';
import { participantsApi, type ParticipantSummary } from '@prometrica/shared-api';
import { copyText } from '../../../lib/clipboard';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useConfirmation } from './use-confirmation';
import { useParticipantRights } from './use-participant-rights';

/**
 * What a participant's row can do with their invitation: copy its link, mail it again, or revoke it
 * after a confirmation; and with the participant's data: export it or erase it
 * (`useParticipantRights`). `reload` refreshes the list after a change.
 */
export function useInvitationActions(reload: () => void) {
  const rights = useParticipantRights(reload);
  const [resending, setResending] = useState<string | null>(null);

  function copyLink(participant: ParticipantSummary) {
    if (!participant.invitation) return;
    void copyText(participant.invitation.link, {
      title: 'Link copied',
      message: `The invitation link of ${participant.name} is on the clipboard.`,
    });
  }

  async function resend(participant: ParticipantSummary) {
    const invitation = participant.invitation;
    if (!invitation) return;
    setResending(invitation._id);
    try {
      const reply = await participantsApi.resendInvitation(invitation._id);
      notifySuccess(reply.message, 'Invitation sent');
      reload();
    } catch (error) {
      notifyError(error, 'The invitation was not sent');
    } finally {
      setResending(null);
    }
  }

  // The dialog closes whatever the answer: a refusal is told in a notice.
  const revoke = useConfirmation(async (participant: ParticipantSummary) => {
    const invitation = participant.invitation;
    if (!invitation) return true;
    try {
      const reply = await participantsApi.revokeInvitation(invitation._id);
      notifySuccess(reply.message, 'Invitation revoked');
      reload();
    } catch (error) {
      notifyError(error, 'The invitation was not revoked');
    }
    return true;
  });

  return {
    ...rights,
    copyLink,
    resend,
    /** The invitation being mailed again, if any. */
    resending,
    askRevoke: revoke.ask,
    revoking: revoke.dialog,
  };
}

export type InvitationActions = ReturnType<typeof useInvitationActions>;
