import { Table, Text } from '@mantine/core';
import type { InsightCategory, InsightCohort } from '@prometrica/shared-api';
import { definitions } from '../utils/definitions';
import { countOf, formatCoefficient, formatPoints } from '../utils/format';
import { HintedTable, type HintedColumn } from './hinted-table';
import { Panel } from './panel';

const columns: HintedColumn[] = [
  {
    label: 'Score',
    definition: 'The overall score, or the score on one category’s questions, with how many questions it is out of.',
  },
  { label: 'Alpha', definition: definitions.alpha, figure: true },
  { label: 'SEM', definition: definitions.sem, figure: true },
];

/** Cronbach's alpha (KR-20) and the standard error of measurement, overall and per category. */
export function ConsistencyTable({ cohort, categories }: { cohort: InsightCohort; categories: InsightCategory[] }) {
  const rows = [
    { name: 'Overall', score: cohort },
    ...categories.map((category) => ({ name: category.categoryName, score: category })),
  ];
  return (
    <Panel
      title="Internal Consistency"
      subtitle="Cronbach's alpha (KR-20, as every question is right or wrong) and the standard error of measurement"
    >
      <HintedTable columns={columns} minWidth={280} caption="Internal consistency">
        {rows.map(({ name, score }) => (
          <Table.Tr key={name}>
            <Table.Td>
              <Text size="sm">{name}</Text>
              <Text size="xs" c="dimmed">
                {countOf(score.questions, 'question')}
              </Text>
            </Table.Td>
            <Table.Td data-figure>{formatCoefficient(score.reliability.alpha)}</Table.Td>
            <Table.Td data-figure>{formatPoints(score.reliability.sem)}</Table.Td>
          </Table.Tr>
        ))}
      </HintedTable>
    </Panel>
  );
}
