import { Link } from 'react-router-dom';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { paths } from '@prometrica/shared-api';
import { ResumeLink } from './resume-link';

export interface RefusedHereProps {
  /** 401: this browser's token is not valid (any more); 403: another device's session holds the participant. */
  status: number;
  /** The server's message. */
  message: string;
}

/** The server will not act for this browser: the way on is the resume code (or the details again). */
export function RefusedHere({ status, message }: RefusedHereProps) {
  if (status === 401) {
    return (
      <Alert color="red" title="Your session on this device has ended">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Please continue with your email and resume code, or enter your details again.</Text>
          <Group gap="xs">
            <ResumeLink variant="white" />
            <Button component={Link} to={paths.details} variant="subtle" color="red">
              Enter your details
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" title="This assessment continues on another device">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <ResumeLink variant="white" />
      </Stack>
    </Alert>
  );
}
