import { ActionIcon, Stack, Table, Text } from '@mantine/core';
import type { ResultListResponse } from '@prometrica/shared-api';
import { EyeIcon } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { PassBadge } from './pass-badge';
import classes from './results.module.css';

type ListedResult = ResultListResponse['results'][number];

/** Results as a table (desktop). */
export function ResultTable({ results, onView }: { results: ListedResult[]; onView: (result: ListedResult) => void }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Participant</Table.Th>
            <Table.Th>Correct</Table.Th>
            <Table.Th>Wrong</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Submitted</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {results.map((result) => (
            <Table.Tr key={result._id}>
              <Table.Td className={classes.participant}>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {result.user.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {result.user.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td className={classes.figure}>{result.userTotals.correctAnswer}</Table.Td>
              <Table.Td className={classes.figure}>{result.userTotals.wrongAnswer}</Table.Td>
              <Table.Td className={classes.figure}>{result.userTotals.totalAnswers}</Table.Td>
              <Table.Td className={classes.figure}>{result.userTotals.percent}%</Table.Td>
              <Table.Td>
                <PassBadge passed={result.userTotals.passed} />
              </Table.Td>
              <Table.Td>{formatDate(result.createdAt)}</Table.Td>
              <Table.Td>
                <ActionIcon variant="subtle" aria-label={`View result of ${result.user.name}`} onClick={() => onView(result)}>
                  <EyeIcon />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
