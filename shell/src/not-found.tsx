import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Page not found
        </Title>
        <Text c="dimmed">The address you opened does not exist.</Text>
        <Button component={Link} to="/">
          Go to the start
        </Button>
      </Stack>
    </Center>
  );
}
