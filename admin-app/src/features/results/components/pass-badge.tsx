import { Badge } from '@mantine/core';

/** Passed (50% or more) in green, failed in red. */
export function PassBadge({ passed }: { passed: boolean }) {
  return (
    <Badge color={passed ? 'green' : 'red'} variant="light">
      {passed ? 'Passed' : 'Failed'}
    </Badge>
  );
}
