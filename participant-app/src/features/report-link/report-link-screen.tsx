import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { isApiError, resolveApiBase } from '@prometrica/shared-api';
import * as reportsApi from '../../lib/reports-api';
import { printHidden, ReportDocument } from '@prometrica/shared-api/report';
import { AppHeader } from '../../components/app-header';
import { ReportActions, reportPageWidth } from '../../components/report-actions';
import { LoadingStatus, RetryAlert } from '../../components/status';
import { formatDate } from '../../lib/dates';
import { failureMessage } from '../../lib/errors';
import { useRetryable } from '../../lib/use-retryable';

/** The link was revoked or has expired: the server says which (410). */
const linkGone = (error: unknown) => isApiError(error) && error.status === 410;
/** No report has this link, or it is not a link at all (404, 400): trying again changes nothing. */
const linkUnknown = (error: unknown) => isApiError(error) && [400, 404].includes(error.status);

/** Why the report cannot be shown, and whether trying again could help. */
function Failure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (linkGone(error)) {
    return (
      <Alert color="red" title="This report link no longer works">
        <Stack gap="xs">
          <Text size="sm">{failureMessage(error, 'This report link has expired or has been withdrawn.')}</Text>
          <Text size="sm">Please ask the doctor who sent it for a new link.</Text>
        </Stack>
      </Alert>
    );
  }
  if (linkUnknown(error)) {
    return (
      <Alert color="red" title="Report not found">
        <Text size="sm">
          This link does not open a report. Check that the whole link from your email was copied, or ask the doctor who
          sent it for a new one.
        </Text>
      </Alert>
    );
  }
  return (
    <RetryAlert title="Your report could not be opened" onRetry={onRetry}>
      {failureMessage(error, 'Your report could not be opened.')}
    </RetryAlert>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <>
      {/* The logo only: a reader of a report link may have no session, so no quiz actions. */}
      <div {...printHidden}>
        <AppHeader />
      </div>
      <Container size={reportPageWidth} py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', xs: 'md' }}>
        {children}
      </Container>
    </>
  );
}

/**
 * `/report/:token`: a released report opened from its mail or copied link, on any device and
 * without signing in. It can be printed or downloaded as a PDF until the link expires.
 */
export function ReportLinkScreen() {
  const { token = '' } = useParams();
  const { state, retry } = useRetryable(() => reportsApi.openLink(token));

  if (state.status === 'loading') {
    return (
      <Page>
        <LoadingStatus>Opening your report...</LoadingStatus>
      </Page>
    );
  }
  if (state.status === 'error') {
    return (
      <Page>
        <Failure error={state.error} onRetry={retry} />
      </Page>
    );
  }
  const { report, expiresAt } = state.value;
  return (
    <Page>
      <Stack gap="md">
        <Title order={1} size="h2">
          Your assessment report
        </Title>
        <Stack gap="xs" {...printHidden}>
          <ReportActions pdfHref={`${resolveApiBase()}/${reportsApi.linkPdfPath(token)}`} />
          <Text size="sm" c="dimmed">
            This link works until {formatDate(expiresAt)}. Download the PDF to keep a copy.
          </Text>
        </Stack>
        <ReportDocument {...report} />
      </Stack>
    </Page>
  );
}
