import { Badge, Group, Progress, Stack, Table, Text } from '@mantine/core';
import type { InsightOption } from '@prometrica/shared-api';
import { formatPercent, formatShare } from '../utils/format';
import { HintedTable, type HintedColumn } from './hinted-table';
import classes from './insights.module.css';

const columns: HintedColumn[] = [
  { label: 'Answer', definition: 'An answer the question offers; the key is the one scored correct.' },
  { label: 'Chosen', definition: 'Participants who gave this answer.', figure: true },
  { label: 'Share', definition: 'The share of participants who gave this answer.', figure: true },
  {
    label: 'Mean rest score',
    definition:
      'The average score on the other questions of those who gave this answer. The key’s should be the highest.',
    figure: true,
  },
];

function KeyBadge() {
  return (
    <Badge variant="light" color="green" size="sm">
      Key
    </Badge>
  );
}

/** Each answer a choice question offers: who chose it and how they did on the rest (a table). */
export function OptionTable({ options, label }: { options: InsightOption[]; label: string }) {
  return (
    <HintedTable columns={columns} minWidth={520} caption={label}>
      {options.map((option) => (
        <Table.Tr key={option.option}>
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <span>{option.option}</span>
              {option.correct && <KeyBadge />}
            </Group>
          </Table.Td>
          <Table.Td data-figure>{option.chosen}</Table.Td>
          <Table.Td data-figure>
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              <Progress
                value={(option.share ?? 0) * 100}
                w={60}
                size="sm"
                color={option.correct ? 'green' : 'gray'}
                aria-hidden
              />
              <span>{formatShare(option.share)}</span>
            </Group>
          </Table.Td>
          <Table.Td data-figure>{formatPercent(option.meanRestPercent)}</Table.Td>
        </Table.Tr>
      ))}
    </HintedTable>
  );
}

/** The same as a list, for a phone: each answer with its share and its choosers' mean rest score. */
export function OptionList({ options, label }: { options: InsightOption[]; label: string }) {
  return (
    <Stack component="ul" gap={6} m={0} p={0} className={classes.optionList} aria-label={label}>
      {options.map((option) => (
        <li key={option.option}>
          <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="xs" className={classes.optionText}>
              <Text size="sm">{option.option}</Text>
              {option.correct && <KeyBadge />}
            </Group>
            <Text size="sm" fw={600} className={classes.number}>
              {formatShare(option.share)}
            </Text>
          </Group>
          <Progress value={(option.share ?? 0) * 100} size="xs" color={option.correct ? 'green' : 'gray'} aria-hidden />
          <Text size="xs" c="dimmed">
            {option.chosen} chose it
            {option.meanRestPercent !== null && `; their mean rest score ${formatPercent(option.meanRestPercent)}`}
          </Text>
        </li>
      ))}
    </Stack>
  );
}
