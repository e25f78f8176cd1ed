import { Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '@prometrica/shared-api';
import { AppHeader } from '../../components/app-header';
import { DoneIcon } from '../../components/status';

/** `/thankyou` and `/Thankyou`: the assessment is complete. */
export function ThankyouScreen() {
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
          </Stack>
        </Paper>
      </Container>
    </>
  );
}
