import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { ParticipantSummary } from '@prometrica/shared-api';
import { confirmsErasure } from '../hooks/use-participant-rights';

export interface EraseModalProps {
  opened: boolean;
  participant: ParticipantSummary | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before erasing a participant: says what goes and that it cannot be undone, and enables Erase
 * only once the admin has typed the participant's email or name.
 */
export function EraseModal({ opened, participant, busy, onConfirm, onCancel }: EraseModalProps) {
  const [typed, setTyped] = useState('');
  // Each opening starts empty: a name typed for one participant never confirms another.
  useEffect(() => {
    if (opened) setTyped('');
  }, [opened, participant?._id]);
  const confirmed = participant !== null && confirmsErasure(typed, participant);
  const who = participant?.name || participant?.email || 'this participant';

  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onCancel} title="Erase participant" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !busy) onConfirm();
        }}
      >
        <Stack gap="md">
          <Alert color="red" title="This cannot be undone">
            Erasing {who} deletes their details, consent and signature, saved and submitted answers, result, concern
            ratings and invitations. Every figure is updated. Export their data first if they asked for a copy.
          </Alert>
          {participant && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              Type <strong>{participant.email}</strong>
              {participant.name ? (
                <>
                  {' '}
                  or <strong>{participant.name}</strong>
                </>
              ) : null}{' '}
              to confirm.
            </Text>
          )}
          <TextInput
            label="Participant's email or name"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            disabled={busy}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!confirmed} loading={busy}>
              Erase for good
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
