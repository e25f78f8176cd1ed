import { useEffect, useState } from 'react';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths, progressApi } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { settleWhileLive } from '../../lib/settle-while-live';

/** `/welcome`: what the assessment is, and the way in (or on, for a participant who has signed). */
export function WelcomeScreen() {
  // Begin leads to the consent form; a participant whose consent is on record continues to the
  // questions instead (where a submission shows as such).
  const [consented, setConsented] = useState(false);
  useEffect(
    () => settleWhileLive(progressApi.getProgress(), (progress) => setConsented(progress.consent !== null)),
    [],
  );

  return (
    <>
      <AppHeader />
      <Container size={720} py={{ base: 'lg', sm: 48 }} px="md">
        <Stack gap="md">
          <Title order={1}>Welcome to Prometrica</Title>
          <Text size="lg">
            Prometrica is a computerized assessment for professionals and executives (beta). It gives you a data-driven
            snapshot of how you function today, combining analytical software with an executive coach&apos;s four
            decades of coaching experience.
          </Text>
          <Text>
            Your answers reveal behaviour patterns, growth opportunities and hidden risks, so you can see where you
            stand and where you could go.
          </Text>
          <Text>
            This is not therapy and it gives no medical diagnosis. It is a tool to help you consider one question:
            &lsquo;What&apos;s next for me?&rsquo;
          </Text>
          <Button
            component={Link}
            to={consented ? paths.question : paths.consent}
            size="lg"
            w={{ base: '100%', sm: 'fit-content' }}
          >
            {consented ? 'Continue' : 'Begin'}
          </Button>
        </Stack>
      </Container>
    </>
  );
}
