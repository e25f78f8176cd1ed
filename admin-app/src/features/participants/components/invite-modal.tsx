import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { participantsApi, type InvitationResponse, type ParticipantSummary } from '@prometrica/shared-api';
import { CopyLinkField, FormModal, FormModalActions, SaveFailure, type FormModalState } from '../../../components';
import { copyText } from '../../../lib/clipboard';
import { formatDate } from '../../../lib/format-date';
import { notifySuccess } from '../../../lib/notify';
import { useFormFields } from '../../../lib/use-form-fields';
import { useSave } from '../../../lib/use-save';
import { blankInvite, inviteBody, validateInvite, type InviteValues } from '../utils/invite-form';

export interface InviteModalProps {
  opened: boolean;
  /** Offers `Send the invitation by email` (on by default) when the server can send mail. */
  mailConfigured: boolean;
  onClose: () => void;
  /** After the server created the invitation (the list reloads). */
  onInvited: () => void;
}

/** `Invite participant`: name, email, phone and expiry; then the personal link to copy unless it was mailed. */
export function InviteModal({ opened, mailConfigured, onClose, onInvited }: InviteModalProps) {
  return (
    <FormModal
      item={opened ? 'invite' : null}
      keyOf={(key) => key}
      title="Invite participant"
      onClose={onClose}
      onSaved={onClose}
    >
      {(_, modal) => <InviteForm modal={modal} mailConfigured={mailConfigured} onInvited={onInvited} />}
    </FormModal>
  );
}

function InviteForm({
  modal,
  mailConfigured,
  onInvited,
}: {
  modal: FormModalState;
  mailConfigured: boolean;
  onInvited: () => void;
}) {
  const form = useFormFields<InviteValues>(blankInvite, validateInvite);
  // The server's refusal of a phone number that is not a possible one is told at the field.
  const atField = (field: string, message: string) => field === 'phone' && form.showAt(field, message);
  const { failure, save } = useSave({ saved: 'Participant invited', inPlace: true, atField }, modal.setSaving);
  const [invited, setInvited] = useState<ParticipantSummary | null>(null);
  const { saving } = modal;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving || !form.check()) return;
    let reply: InvitationResponse | undefined;
    const sent = await save(
      async () => (reply = await participantsApi.invite(inviteBody(form.values, mailConfigured))),
    );
    if (!sent || !reply) return;
    onInvited();
    // Mailed, the modal closes and a notice says so; otherwise the modal itself shows the link.
    if (reply.sent) {
      notifySuccess(reply.message, 'Participant invited');
      modal.onSaved();
    } else setInvited(reply.participant);
  }

  if (invited) return <InvitationLink participant={invited} onDone={modal.onCancel} />;

  return (
    <form onSubmit={submit} noValidate aria-label="Invite participant">
      <Stack gap="sm">
        <SaveFailure failure={failure} />
        <TextInput label="Name" withAsterisk data-autofocus autoComplete="off" {...form.field('name', saving)} />
        <TextInput label="Email" type="email" withAsterisk autoComplete="off" {...form.field('email', saving)} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Phone"
            type="tel"
            inputMode="tel"
            placeholder="03XXXXXXXXX"
            autoComplete="off"
            {...form.field('phone', saving)}
          />
          <TextInput
            label="Expires after (days)"
            inputMode="numeric"
            withAsterisk
            {...form.field('expiresInDays', saving)}
          />
        </SimpleGrid>
        {mailConfigured && (
          <Checkbox
            label="Send the invitation by email"
            checked={form.values.send}
            disabled={saving}
            onChange={(event) => form.set('send', event.currentTarget.checked)}
          />
        )}
        <FormModalActions modal={modal} label="Invite" busyLabel="Inviting..." mt="sm" />
      </Stack>
    </form>
  );
}

/** The new invitation's personal link, to copy and pass on. */
function InvitationLink({ participant, onDone }: { participant: ParticipantSummary; onDone: () => void }) {
  const invitation = participant.invitation;
  if (!invitation) {
    return (
      <Stack gap="md">
        <Alert color="green" title="Participant invited">
          {participant.name} was invited.
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onDone}>Done</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="green" title="Invitation created">
        Send this personal link to {participant.name}: it opens their assessment on any device until{' '}
        {formatDate(invitation.expiresAt)}.
      </Alert>
      <CopyLinkField
        label="Invitation link"
        link={invitation.link}
        copyLabel="Copy link"
        onCopy={() =>
          void copyText(invitation.link, {
            title: 'Link copied',
            message: `The invitation link of ${participant.name} is on the clipboard.`,
          })
        }
      />
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
