import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { paths } from '@prometrica/shared-api';

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
        <ThemeIcon size={56} radius="xl" color="brand" aria-hidden="true">
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3">
            <path d="M5 12l5 5L20 7" />
          </svg>
        </ThemeIcon>
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
