import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { paths, storageKeys, useAuthStore, writeStored } from '@prometrica/shared-api';
import { LoadingStatus } from '../../../components/status';
import { answerQueue } from '../../../lib/answer-queue';
import { forgetParticipant } from '../../../lib/participant-session';

export interface LogoutButtonProps {
  /** Shown in the confirmation, so the participant can note it before leaving. */
  resumeCode?: string | null;
  /** How long to wait for the last answers to be sent before warning that they would be lost, ms. */
  flushTimeoutMs?: number;
}

type Phase = { kind: 'closed' } | { kind: 'sending' } | { kind: 'confirm' } | { kind: 'unsent'; count: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The participant header's `Logout`: forgets the participant on this device (token, details, local
 * copies) and goes to `/`; their progress stays on the server. Unsent answers are sent first; if
 * they cannot be, the participant is told they would be lost.
 */
export function LogoutButton({ resumeCode, flushTimeoutMs = 5000 }: LogoutButtonProps) {
  const navigate = useNavigate();
  const account = useAuthStore((s) => (s.user?.role === 'user' ? s.logout : null));
  const [phase, setPhase] = useState<Phase>({ kind: 'closed' });

  async function start() {
    if (answerQueue.read().length === 0) {
      setPhase({ kind: 'confirm' });
      return;
    }
    setPhase({ kind: 'sending' });
    const outcome = await answerQueue.drain({ timeoutMs: flushTimeoutMs, untilFailure: true });
    const count = answerQueue.read().length;
    setPhase(outcome.kind === 'drained' || count === 0 ? { kind: 'confirm' } : { kind: 'unsent', count });
  }

  function logout() {
    answerQueue.clear();
    forgetParticipant();
    if (account) {
      // Spec section 2: the header's Logout of a participant account marks the session as ended.
      writeStored(storageKeys.sessionExpired, 'true');
      account();
    }
    navigate(paths.details, { replace: true });
  }

  const close = () => setPhase({ kind: 'closed' });
  const later = (
    <Text>
      Your progress is saved on the server. To continue later, on this or another device, open your invitation link, or
      use your email and your resume code{resumeCode ? <strong> {resumeCode}</strong> : null}.
    </Text>
  );

  return (
    <>
      <Button variant="default" onClick={() => void start()}>
        Logout
      </Button>
      <Modal
        opened={phase.kind !== 'closed'}
        onClose={close}
        title="Log out on this device?"
        centered
        closeOnClickOutside={phase.kind !== 'sending'}
      >
        {phase.kind === 'sending' && <LoadingStatus>Sending your last answers...</LoadingStatus>}
        {phase.kind === 'confirm' && (
          <Stack gap="md">
            {later}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={logout}>Log out</Button>
            </Group>
          </Stack>
        )}
        {phase.kind === 'unsent' && (
          <Stack gap="md">
            <Alert color="red" title="Some answers are not saved yet">
              {plural(phase.count, 'answer has', 'answers have')} not reached the server yet (you may be offline). If
              you log out now, {phase.count === 1 ? 'it' : 'they'} will be lost and you will need to answer{' '}
              {phase.count === 1 ? 'it' : 'them'} again.
            </Alert>
            {later}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Stay on this page
              </Button>
              <Button color="red" onClick={logout}>
                Log out anyway
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
