import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, Container, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { paths, quizApi, type ParticipantReport } from '@prometrica/shared-api';
import * as reportsApi from '../../lib/reports-api';
import { printHidden, ReportDocument } from '@prometrica/shared-api/report';
import { AppHeader } from '../../components/app-header';
import { ReportActions, reportPageWidth } from '../../components/report-actions';
import { LoadingStatus, RetryAlert } from '../../components/status';
import { messageOf } from '../../lib/errors';
import { useRetryable } from '../../lib/use-retryable';
import { formatDate } from '../../lib/dates';
import { readParticipantDetails } from '../../lib/participant-details';

/** How many working days the doctor takes to send the report. */
const REPORT_WORKING_DAYS = 5;

interface SummarySectionProps {
  title: string;
  children: ReactNode;
  /** Left off paper (once a report is shown, printing gives the report alone). */
  hiddenInPrint?: boolean;
}

/** One titled card of the summary. */
function SummarySection({ title, children, hiddenInPrint = false }: SummarySectionProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} {...(hiddenInPrint ? printHidden : {})}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** When the report will come: the doctor has not released one yet. */
function ReportPromise() {
  const email = readParticipantDetails()?.email;
  return (
    <Text>
      The doctor will prepare your personal report from your responses and email it to{' '}
      {email ? <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong> : 'the email address you gave'} within{' '}
      {REPORT_WORKING_DAYS} working days.
    </Text>
  );
}

/** The doctor's released report(s), each printable on its own (no PDF route serves a signed-in participant). */
function ReleasedReports({ reports }: { reports: readonly ParticipantReport[] }) {
  return (
    <>
      {reports.map((report) => (
        <Stack key={report.content.resultId} gap="sm">
          <Title order={2} size="h3">
            Your report
          </Title>
          <Stack gap="xs" {...printHidden}>
            <Text>
              {report.doctorName ? `${report.doctorName} released` : 'The doctor released'} your report on{' '}
              {formatDate(report.releasedAt)}.
            </Text>
            <ReportActions />
          </Stack>
          <ReportDocument {...report} />
        </Stack>
      ))}
    </>
  );
}

/**
 * `/reports`: the participant's own summary of what they sent, and the doctor's report once it is
 * released (until then, when it will come). The summary is left off paper: printing gives the report.
 */
export function ReportsScreen() {
  const { state: load, retry } = useRetryable(() => quizApi.getUserResponse());
  const { state: reportsLoad, retry: retryReports } = useRetryable(() => reportsApi.getUserReports());

  const summary = load.status === 'ready' ? load.value : null;
  const submitted = summary !== null && summary.responses.length > 0;
  const released = reportsLoad.status === 'ready' ? reportsLoad.value.reports : [];

  return (
    <>
      <div {...printHidden}>
        <AppHeader />
      </div>
      <Container size={released.length > 0 ? reportPageWidth : 720} py={{ base: 'lg', sm: 40 }} px="md">
        <Stack gap="md">
          <Title order={1} size="h2" {...(released.length > 0 ? printHidden : {})}>
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
              <SummarySection title="Your answers" hiddenInPrint={released.length > 0}>
                {summary.submittedAt && <Text>Submitted on {formatDate(summary.submittedAt)}</Text>}
                <Text>Questions answered: {summary.responses.length}</Text>
              </SummarySection>

              <SummarySection title="Workplace concerns" hiddenInPrint={released.length > 0}>
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

              {released.length > 0 ? (
                <ReleasedReports reports={released} />
              ) : (
                <SummarySection title="Your report">
                  {reportsLoad.status === 'loading' && <Text c="dimmed">Checking for your report...</Text>}
                  {reportsLoad.status === 'ready' && <ReportPromise />}
                  {reportsLoad.status === 'error' && (
                    <RetryAlert title="Your report could not be checked" onRetry={retryReports}>
                      {messageOf(reportsLoad.error, 'Your report could not be checked.')}
                    </RetryAlert>
                  )}
                </SummarySection>
              )}
            </>
          )}
        </Stack>
      </Container>
    </>
  );
}
