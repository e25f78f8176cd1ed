import { SimpleGrid } from '@mantine/core';
import type { InsightCohort } from '@prometrica/shared-api';
import { StatCard } from '../../../components';
import { countOf, formatCoefficient, formatPercent, formatPoints, formatShare } from '../utils/format';

/** The overall score's figures, each a card, as the top of every management screen shows them. */
export function CohortFigures({ cohort }: { cohort: InsightCohort }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      <StatCard
        label="Participants"
        value={cohort.participants}
        description={`Results on ${countOf(cohort.questions, 'question')}`}
      />
      <StatCard
        label="Pass Rate"
        value={formatShare(cohort.passRate)}
        description={`${cohort.passed} passed`}
        accent="var(--mantine-color-green-6)"
      />
      <StatCard
        label="Mean Score"
        value={formatPercent(cohort.mean)}
        description="Average of the overall scores"
        accent="var(--mantine-color-blue-6)"
      />
      <StatCard
        label="Median Score"
        value={formatPercent(cohort.median)}
        description="Half scored this or less"
        accent="var(--mantine-color-blue-6)"
      />
      <StatCard
        label="Standard Deviation"
        value={formatPoints(cohort.sd)}
        description="Typical distance from the mean"
        accent="var(--mantine-color-cyan-6)"
      />
      <StatCard
        label="Skewness"
        value={formatCoefficient(cohort.skewness)}
        description="0 when scores are symmetric"
        accent="var(--mantine-color-cyan-6)"
      />
      <StatCard
        label="Kurtosis"
        value={formatCoefficient(cohort.kurtosis)}
        description="Excess; 0 for a normal spread"
        accent="var(--mantine-color-cyan-6)"
      />
      <StatCard
        label="Cronbach's Alpha"
        value={formatCoefficient(cohort.reliability.alpha)}
        description={`KR-20; SEM ${formatPoints(cohort.reliability.sem)}`}
        accent="var(--mantine-color-grape-6)"
      />
    </SimpleGrid>
  );
}
