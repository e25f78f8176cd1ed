import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { paths } from '@prometrica/shared-api';
import { DoneIcon } from '../../../components/status';

export interface SubmittedResponsesProps {
  /** How many questions the participant answered. */
  total: number;
}

/** The submitted-responses page: what was sent, a thank-you, and the way to the final assessment. */
export function SubmittedResponses({ total }: SubmittedResponsesProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The submit button this replaced is gone: move focus to the news.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="md">
        <DoneIcon />
        <Title order={1} size="h2" ref={headingRef} tabIndex={-1}>
          Your responses have been submitted
        </Title>
        <Text size="lg" fw={600}>
          Total questions answered: {total}
        </Text>
        <Text>
          Thank you for completing the questionnaire. The doctor will prepare a report from your responses and email it
          to you.
        </Text>
        <Text c="dimmed">One last, optional step: a short assessment of your workplace concerns.</Text>
        <Button component={Link} to={paths.concerns} size="md" w={{ base: '100%', xs: 'auto' }}>
          Continue to final assessment
        </Button>
        <Anchor component={Link} to={paths.thankyouCapital}>
          Finish without the final assessment
        </Anchor>
      </Stack>
    </Paper>
  );
}
