import '@mantine/charts/styles.layer.css';
import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useAuthStore } from '@prometrica/shared-api';
import { LoadError, StatCard } from '../../../components';
import { useStats } from '../hooks/use-stats';
import { changeLabel } from '../utils/change-label';
import { GrowthChart } from './growth-chart';
import { UserDistribution } from './user-distribution';
import classes from './overview.module.css';

/**
 * The totals, each with its change against last month: participants (the people taking the
 * assessment) and staff accounts are counted apart, as the Participants and Users sections list
 * them; admin accounts only a superadmin sees.
 */
const figures = [
  {
    key: 'participants',
    label: 'Participants',
    description: 'People taking the assessment',
    accent: 'var(--mantine-color-grape-6)',
    superadminOnly: false,
  },
  {
    key: 'questions',
    label: 'Total Questions',
    description: 'Quiz questions available',
    accent: 'var(--mantine-color-blue-6)',
    superadminOnly: false,
  },
  {
    key: 'accounts',
    label: 'Staff Accounts',
    description: 'Users, admins and superadmins',
    accent: 'var(--mantine-color-cyan-6)',
    superadminOnly: false,
  },
  {
    key: 'admins',
    label: 'Admin Users',
    description: 'Administrative accounts',
    accent: 'var(--mantine-color-yellow-6)',
    superadminOnly: true,
  },
] as const;

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
          <SimpleGrid cols={{ base: 2, lg: isSuperadmin ? 4 : 3 }} spacing={{ base: 'xs', sm: 'md' }}>
            {figures
              .filter((figure) => isSuperadmin || !figure.superadminOnly)
              .map(({ key, ...figure }) => (
                <StatCard
                  key={key}
                  label={figure.label}
                  value={stats.totals[key]}
                  description={figure.description}
                  change={changeLabel(stats.totals[key], stats.lastMonth[key])}
                  accent={figure.accent}
                />
              ))}
          </SimpleGrid>
          <div className={classes.charts}>
            <GrowthChart year={stats.year} monthly={stats.monthly} />
            <UserDistribution roles={stats.roles} />
          </div>
        </>
      )}
    </Stack>
  );
}
