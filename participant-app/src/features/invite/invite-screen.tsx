import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Container, Group, Stack, Text } from '@mantine/core';
import { isApiError, paths, progressApi } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { ResumeLink } from '../../components/resume-link';
import { LoadingStatus, RetryAlert } from '../../components/status';
import { failureMessage } from '../../lib/errors';
import { arriveWith } from '../../lib/participant-session';
import { useRetryable } from '../../lib/use-retryable';

/** The link can never work (unknown: 404; expired or revoked: 410), or was refused as it stands (400). */
const linkUnusable = (error: unknown) => isApiError(error) && [400, 404, 410].includes(error.status);

/**
 * `/invite/:token`: a personal invitation link. Opening it gives this browser the participant's
 * session; they go on from where they stand, on any device.
 */
export function InviteScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { state, retry } = useRetryable(() => progressApi.openInvitation({ token }));

  useEffect(() => {
    if (state.status === 'ready') navigate(arriveWith(state.value.progress), { replace: true });
  }, [state, navigate]);

  return (
    <>
      <AppHeader />
      <Container size={560} py={{ base: 'lg', sm: 48 }} px="md">
        {state.status !== 'error' && <LoadingStatus>Opening your invitation...</LoadingStatus>}
        {state.status === 'error' &&
          (linkUnusable(state.error) ? (
            <Alert color="red" title="This invitation link cannot be used">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{failureMessage(state.error, 'This invitation link is not valid.')}</Text>
                <Text size="sm">
                  If you have started already, continue with your email and resume code. Otherwise, please ask for a new
                  invitation.
                </Text>
                <Group gap="xs">
                  <ResumeLink variant="white" />
                  <Button component={Link} to={paths.details} variant="subtle" color="red">
                    Go to the start page
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            <RetryAlert title="Your invitation could not be opened" onRetry={retry}>
              {failureMessage(state.error, 'Your invitation could not be opened.')}
            </RetryAlert>
          ))}
      </Container>
    </>
  );
}
