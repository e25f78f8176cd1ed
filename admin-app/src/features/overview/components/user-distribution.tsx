import { DonutChart } from '@mantine/charts';
import { Box, Center, Group, Stack, Text } from '@mantine/core';
import type { StatsResponse } from '@prometrica/shared-api';
import { roleSegments } from '../utils/chart-data';
import { ChartCard } from './chart-card';
import classes from './overview.module.css';

/** `User Distribution`: a donut of the participants and of the staff accounts per role, with a legend of counts. */
export function UserDistribution({ roles }: { roles: StatsResponse['roles'] }) {
  const segments = roleSegments(roles);
  return (
    <ChartCard id="distribution-title" title="User Distribution" subtitle="By role type">
      {segments.length === 0 ? (
        <Center h={200}>
          <Text c="dimmed">No user data available</Text>
        </Center>
      ) : (
        <Stack align="center" gap="md">
          {/* The legend below lists every count; the ring is for the eye only (inert: not focusable). */}
          <div inert>
            <DonutChart
              data={segments}
              size={180}
              thickness={28}
              withTooltip
              chartLabel={segments.reduce((sum, s) => sum + s.value, 0)}
            />
          </div>
          <Stack
            component="ul"
            gap={6}
            p={0}
            m={0}
            w="100%"
            aria-label="Participants and accounts per role"
            style={{ listStyle: 'none' }}
          >
            {segments.map((segment) => (
              <Group component="li" key={segment.name} justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap">
                  <Box className={classes.swatch} bg={segment.color} aria-hidden="true" />
                  <Text size="sm">{segment.name}</Text>
                </Group>
                <Text size="sm" fw={600}>
                  {segment.value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      )}
    </ChartCard>
  );
}
