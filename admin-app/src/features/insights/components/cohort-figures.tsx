import { SimpleGrid } from '@mantine/core';
import type { InsightCohort } from '@prometrica/shared-api';
import { StatCard, type StatCardProps } from '../../../components';
import { countOf, formatCoefficient, formatPercent, formatPoints, formatShare } from '../utils/format';

const accents = {
  count: undefined,
  pass: 'var(--mantine-color-green-6)',
  centre: 'var(--mantine-color-blue-6)',
  spread: 'var(--mantine-color-cyan-6)',
  consistency: 'var(--mantine-color-grape-6)',
};

/** The overall score's figures, each a card, as the top of every management screen shows them. */
export function CohortFigures({ cohort }: { cohort: InsightCohort }) {
  const figures: StatCardProps[] = [
    {
      label: 'Participants',
      value: cohort.participants,
      description: `Results on ${countOf(cohort.questions, 'question')}`,
      accent: accents.count,
    },
    {
      label: 'Pass Rate',
      value: formatShare(cohort.passRate),
      description: `${cohort.passed} passed`,
      accent: accents.pass,
    },
    {
      label: 'Mean Score',
      value: formatPercent(cohort.mean),
      description: 'Average of the overall scores',
      accent: accents.centre,
    },
    {
      label: 'Median Score',
      value: formatPercent(cohort.median),
      description: 'Half scored this or less',
      accent: accents.centre,
    },
    {
      label: 'Standard Deviation',
      value: formatPoints(cohort.sd),
      description: 'Typical distance from the mean',
      accent: accents.spread,
    },
    {
      label: 'Skewness',
      value: formatCoefficient(cohort.skewness),
      description: '0 when scores are symmetric',
      accent: accents.spread,
    },
    {
      label: 'Kurtosis',
      value: formatCoefficient(cohort.kurtosis),
      description: 'Excess; 0 for a normal spread',
      accent: accents.spread,
    },
    {
      label: "Cronbach's Alpha",
      value: formatCoefficient(cohort.reliability.alpha),
      description: `KR-20; SEM ${formatPoints(cohort.reliability.sem)}`,
      accent: accents.consistency,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
      {figures.map((figure) => (
        <StatCard key={figure.label} {...figure} />
      ))}
    </SimpleGrid>
  );
}
