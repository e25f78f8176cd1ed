import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Container, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { paths, quizApi } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { LoadingStatus, RetryAlert } from '../../components/status';
import { messageOf } from '../../lib/errors';
import { useRetryable } from '../../lib/use-retryable';
import { formatDate } from '../../lib/dates';
import { readParticipantDetails } from '../../lib/participant-details';

/** How many working days the doctor takes to send the report. */
const REPORT_WORKING_DAYS = 5;

/** One titled card of the summary. */
function SummarySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** `/reports`: the participant's own summary of what they sent, and when the report will come. */
export function ReportsScreen() {
  const { state: load, retry } = useRetryable(() => quizApi.getUserResponse());
  const email = readParticipantDetails()?.email;

  const summary = load.status === 'ready' ? load.value : null;
  const submitted = summary !== null && summary.responses.length > 0;

  return (
    <>
      <AppHeader />
      <Container size={720} py={{ base: 'lg', sm: 40 }} px="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            Your assessment summary
          </Title>

          {load.status === 'loading' && <LoadingStatus>Loading your summary...</LoadingStatus>}

          {load.status === 'error' && (
            <RetryAlert title="Your summary could not be loaded" onRetry={retry}>
              {messageOf(load.error, 'Your summary could not be loaded.')}
            </RetryAlert>
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
              <SummarySection title="Your answers">
                {summary.submittedAt && <Text>Submitted on {formatDate(summary.submittedAt)}</Text>}
                <Text>Questions answered: {summary.responses.length}</Text>
              </SummarySection>

              <SummarySection title="Workplace concerns">
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
              </SummarySection>

              <SummarySection title="Your report">
                <Text>
                  The doctor will prepare your personal report from your responses and email it to{' '}
                  {email ? <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> : 'the email address you gave'}{' '}
                  within {REPORT_WORKING_DAYS} working days.
                </Text>
              </SummarySection>
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
