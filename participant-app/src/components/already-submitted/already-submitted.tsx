import { Link } from 'react-router-dom';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { paths } from '@prometrica/shared-api';
import { formatDate } from '../../lib/dates';
import { DoneIcon } from '../status';

export interface AlreadySubmittedProps {
  /** When the answers were submitted (ISO). */
  submittedAt: string;
  /** Whether the workplace concerns assessment is done too. */
  concernsDone: boolean;
}

/** What `/question` and `/submit` show once the answers are in: never the quiz again. */
export function AlreadySubmitted({ submittedAt, concernsDone }: AlreadySubmittedProps) {
  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="md">
        <DoneIcon />
        <Title order={1} size="h2">
          You have already submitted your answers
        </Title>
        <Text>
          Your answers were submitted on {formatDate(submittedAt)}. The doctor will prepare a report from your responses
          and email it to you.
        </Text>
        {!concernsDone && (
          <>
            <Text c="dimmed">One last, optional step: a short assessment of your workplace concerns.</Text>
            <Button component={Link} to={paths.concerns} size="md" w={{ base: '100%', xs: 'auto' }}>
              Continue to final assessment
            </Button>
          </>
        )}
        <Button
          component={Link}
          to={paths.thankyou}
          variant={concernsDone ? 'filled' : 'default'}
          w={{ base: '100%', xs: 'auto' }}
        >
          Go to the thank-you page
        </Button>
      </Stack>
    </Paper>
  );
}
