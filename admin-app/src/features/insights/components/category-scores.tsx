import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { InsightCategory } from '@prometrica/shared-api';
import { definitions } from '../utils/definitions';
import { countOf, formatCoefficient, formatPercent, formatPoints } from '../utils/format';
import { Hint } from './hint';
import { Panel } from './panel';
import { ScoreHistogram } from './score-histogram';
import classes from './insights.module.css';

/** One category's score: its figures and its histogram. */
function CategoryCard({ category }: { category: InsightCategory }) {
  const figures = [
    { label: 'Mean', definition: definitions.mean, value: formatPercent(category.mean) },
    { label: 'Median', definition: definitions.median, value: formatPercent(category.median) },
    { label: 'SD', definition: definitions.sd, value: formatPoints(category.sd) },
    { label: 'Skewness', definition: definitions.skewness, value: formatCoefficient(category.skewness) },
    { label: 'Kurtosis', definition: definitions.kurtosis, value: formatCoefficient(category.kurtosis) },
    { label: 'Alpha', definition: definitions.alpha, value: formatCoefficient(category.reliability.alpha) },
  ];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={category.categoryName}
      className={classes.panel}
    >
      <Title order={3} size="h5">
        {category.categoryName}
      </Title>
      <Text size="xs" c="dimmed">
        {countOf(category.questions, 'question')}, {countOf(category.participants, 'participant')}
      </Text>
      <dl className={classes.figures}>
        {figures.map((figure) => (
          <div key={figure.label} className={classes.figure}>
            <dt>
              <Hint label={figure.label} definition={figure.definition} />
            </dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      <ScoreHistogram
        histogram={category.histogram}
        height={140}
        caption={`Participants per ten-point band of the ${category.categoryName} score`}
      />
    </Paper>
  );
}

/** The same figures per category, each with its histogram, in the question set's order of categories. */
export function CategoryScores({ categories }: { categories: InsightCategory[] }) {
  if (categories.length === 0) return null;
  return (
    <Panel title="Categories" subtitle="Each category's score: its questions only, as a percentage">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {categories.map((category) => (
          <CategoryCard key={category.categoryName} category={category} />
        ))}
      </SimpleGrid>
    </Panel>
  );
}
