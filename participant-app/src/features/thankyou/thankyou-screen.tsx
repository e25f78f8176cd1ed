import { useEffect, useState } from 'react';
import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths, progressApi } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { ResumeCode } from '../../components/resume-code';
import { DoneIcon } from '../../components/status';
import { settleWhileLive } from '../../lib/settle-while-live';

/** `/thankyou` and `/Thankyou`: the assessment is complete. */
export function ThankyouScreen() {
  // The resume code opens the summary on another device; without the progress it is left out.
  const [resumeCode, setResumeCode] = useState<string | null>(null);
  useEffect(() => settleWhileLive(progressApi.getProgress(), (progress) => setResumeCode(progress.resumeCode)), []);

  return (
    <>
      <AppHeader />
      <Container size={640} py={{ base: 'lg', sm: 48 }} px="md">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <Stack align="center" gap="md" ta="center">
            <DoneIcon />
            <Title order={1}>Thank you for completing the assessment</Title>
            <Text size="lg">
              Your responses have been recorded. The doctor will prepare a personal report from your responses and email
              it to you.
            </Text>
            <Text c="dimmed">You can close this page now, or see a summary of what you sent.</Text>
            <Button component={Link} to={paths.reports} variant="light">
              View my summary
            </Button>
            {resumeCode && <ResumeCode code={resumeCode} />}
          </Stack>
        </Paper>
      </Container>
    </>
  );
}
