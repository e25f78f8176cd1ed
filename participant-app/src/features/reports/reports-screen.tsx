import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Container, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { paths, quizApi, type UserResponseSummary } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { formatDate } from '../../lib/dates';
import { readParticipantDetails } from '../../lib/participant-details';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; summary: UserResponseSummary };

/** How many working days the doctor takes to send the report. */
const REPORT_WORKING_DAYS = 5;

/** `/reports`: the participant's own summary of what they sent, and when the report will come. */
export function ReportsScreen() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const email = readParticipantDetails()?.email;

  useEffect(() => {
    let live = true;
    quizApi
      .getUserResponse()
      .then((summary) => {
        if (live) setLoad({ status: 'ready', summary });
      })
      .catch((error: unknown) => {
        if (live) setLoad({ status: 'error', message: error instanceof Error && error.message ? error.message : 'Your summary could not be loaded.' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  const summary = load.status === 'ready' ? load.summary : null;
  const submitted = summary !== null && summary.responses.length > 0;

  return (
    <>
      <AppHeader />
      <Container size={720} py={{ base: 'lg', sm: 40 }} px="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            Your assessment summary
          </Title>

          {load.status === 'loading' && (
            <Stack align="center" gap="sm" py="xl" role="status">
              <Loader aria-hidden="true" />
              <Text>Loading your summary...</Text>
            </Stack>
          )}

          {load.status === 'error' && (
            <Alert color="red" title="Your summary could not be loaded">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{load.message}</Text>
                <Button onClick={retry} variant="white" color="red">
                  Retry
                </Button>
              </Stack>
            </Alert>
          )}

          {summary && !submitted && (
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <Stack gap="sm" align="flex-start">
                <Text>You have not submitted the assessment yet, so there is nothing to summarise.</Text>
                <Button component={Link} to={paths.welcome}>
                  Start the assessment
                </Button>
              </Stack>
            </Paper>
          )}

          {summary && submitted && (
            <>
              <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    Your answers
                  </Title>
                  {summary.submittedAt && <Text>Submitted on {formatDate(summary.submittedAt)}</Text>}
                  <Text>Questions answered: {summary.responses.length}</Text>
                </Stack>
              </Paper>

              <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    Workplace concerns
                  </Title>
                  {summary.concerns.length > 0 ? (
                    <>
                      {summary.concernsSubmittedAt && <Text>Rated on {formatDate(summary.concernsSubmittedAt)}</Text>}
                      <Table>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>Concern</Table.Th>
                            <Table.Th>Your answer</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {summary.concerns.map((concern, i) => (
                            <Table.Tr key={`${i}-${concern.title}`}>
                              <Table.Td>{concern.title}</Table.Td>
                              <Table.Td>{concern.botherOptions.join(', ')}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </>
                  ) : (
                    <Stack gap="xs" align="flex-start">
                      <Text>You did not rate any workplace concerns.</Text>
                      {!summary.concernsSubmittedAt && (
                        <Button component={Link} to={paths.concerns} variant="light">
                          Rate workplace concerns
                        </Button>
                      )}
                    </Stack>
                  )}
                </Stack>
              </Paper>

              <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    Your report
                  </Title>
                  <Text>
                    The doctor will prepare your personal report from your responses and email it to{' '}
                    {email ? <strong>{email}</strong> : 'the email address you gave'} within {REPORT_WORKING_DAYS} working days.
                  </Text>
                </Stack>
              </Paper>
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
