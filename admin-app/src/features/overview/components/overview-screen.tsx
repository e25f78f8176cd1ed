import '@mantine/charts/styles.layer.css';
import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAuthStore } from '@prometrica/shared-api';
import { LoadError, StatCard } from '../../../components';
import { useStats } from '../hooks/use-stats';
import { changeLabel } from '../utils/change-label';
import { GrowthChart } from './growth-chart';
import { UserDistribution } from './user-distribution';
import classes from './overview.module.css';

/** `/dashboard/overview`: the platform's figures at a glance. */
export function OverviewScreen() {
  const isSuperadmin = useAuthStore((s) => s.user?.role === 'superadmin');
  const { data: stats, error, loading, reload } = useStats();

  if (loading && !stats) {
    return (
      <Center mih="50vh" aria-busy="true">
        <Stack align="center" gap={4}>
          <Loader />
          <Text fw={600}>Loading Dashboard...</Text>
          <Text size="sm" c="dimmed">
            Fetching latest data
          </Text>
        </Stack>
      </Center>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Dashboard Overview
        </Title>
        <Text fw={500}>Welcome back, Admin!</Text>
        <Text c="dimmed">Here&apos;s what&apos;s happening with your platform today.</Text>
      </Stack>

      {error && <LoadError title="The dashboard could not be loaded" message={error} onRetry={reload} />}

      {stats && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: isSuperadmin ? 3 : 2 }}>
            <StatCard
              label="Total Users"
              value={stats.totals.users}
              description="Active platform users"
              change={changeLabel(stats.totals.users, stats.lastMonth.users)}
              accent="var(--mantine-color-cyan-6)"
            />
            <StatCard
              label="Total Questions"
              value={stats.totals.questions}
              description="Quiz questions available"
              change={changeLabel(stats.totals.questions, stats.lastMonth.questions)}
              accent="var(--mantine-color-blue-6)"
            />
            {isSuperadmin && (
              <StatCard
                label="Admin Users"
                value={stats.totals.admins}
                description="Administrative accounts"
                change={changeLabel(stats.totals.admins, stats.lastMonth.admins)}
                accent="var(--mantine-color-yellow-6)"
              />
            )}
          </SimpleGrid>
          <div className={classes.charts}>
            <GrowthChart monthly={stats.monthly} />
            <UserDistribution roles={stats.roles} />
          </div>
        </>
      )}
    </Stack>
  );
}
