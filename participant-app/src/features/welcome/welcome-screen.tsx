import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';

/** `/welcome`: what the assessment is, and the way in. */
export function WelcomeScreen() {
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
          <Button component={Link} to={paths.consent} size="lg" w={{ base: '100%', sm: 'fit-content' }}>
            Begin
          </Button>
        </Stack>
      </Container>
    </>
  );
}
