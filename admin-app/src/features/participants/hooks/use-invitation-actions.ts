import { useState } from 'react';
import { participantsApi, type ParticipantSummary } from '@prometrica/shared-api';
import { copyText } from '../../../lib/clipboard';
import { notifyError, notifySuccess } from '../../../lib/notify';

/**
 * What a participant's row can do with their invitation: copy its link, mail it again, or revoke it
 * after a confirmation. `reload` refreshes the list after a change.
 */
export function useInvitationActions(reload: () => void) {
  const [resending, setResending] = useState<string | null>(null);
  // The participant asked about stays while the dialog closes, so its text does not change as it fades.
  const [revoke, setRevoke] = useState<{ participant: ParticipantSummary | null; opened: boolean }>({
    participant: null,
    opened: false,
  });
  const [revokeBusy, setRevokeBusy] = useState(false);

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

  async function confirmRevoke() {
    const invitation = revoke.participant?.invitation;
    if (!invitation) return;
    setRevokeBusy(true);
    try {
      const reply = await participantsApi.revokeInvitation(invitation._id);
      notifySuccess(reply.message, 'Invitation revoked');
      reload();
    } catch (error) {
      notifyError(error, 'The invitation was not revoked');
    } finally {
      setRevokeBusy(false);
      setRevoke((r) => ({ ...r, opened: false }));
    }
  }

  return {
    copyLink,
    resend,
    /** The invitation being mailed again, if any. */
    resending,
    askRevoke: (participant: ParticipantSummary) => setRevoke({ participant, opened: true }),
    revoking: {
      ...revoke,
      busy: revokeBusy,
      confirm: confirmRevoke,
      cancel: () => setRevoke((r) => ({ ...r, opened: false })),
    },
  };
}

export type InvitationActions = ReturnType<typeof useInvitationActions>;
