import { Link } from 'react-router-dom';
import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ResultListResponse } from '@prometrica/shared-api';
import { formatDate } from '../../../lib/format-date';
import { reportPathOf } from '../report-path';
import { PassBadge } from './pass-badge';
import { ReportBadge } from './report-badge';
import classes from './results.module.css';

type ListedResult = ResultListResponse['results'][number];

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} className={classes.figure}>
        {value}
      </Text>
    </div>
  );
}

/** Results as cards (small screens). */
export function ResultCards({ results, onView }: { results: ListedResult[]; onView: (result: ListedResult) => void }) {
  return (
    <Stack gap="sm" p="sm" component="ul" m={0} style={{ listStyle: 'none' }} aria-label="Results">
      {results.map((result) => (
        <Card key={result._id} withBorder radius="md" component="li" className={classes.card}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div>
              <Text fw={600}>{result.user.name}</Text>
              <Text size="xs" c="dimmed">
                {result.user.email}
              </Text>
            </div>
            <PassBadge passed={result.userTotals.passed} />
          </Group>
          <SimpleGrid cols={4} mt="sm" spacing="xs">
            <Figure label="Correct" value={result.userTotals.correctAnswer} />
            <Figure label="Wrong" value={result.userTotals.wrongAnswer} />
            <Figure label="Total" value={result.userTotals.totalAnswers} />
            <Figure label="Score" value={`${result.userTotals.percent}%`} />
          </SimpleGrid>
          <Group justify="space-between" mt="sm" gap="xs">
            <Text size="xs" c="dimmed">
              {formatDate(result.createdAt)}
            </Text>
            <ReportBadge report={result.report} />
          </Group>
          <Group justify="flex-end" mt="sm" gap="xs">
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={reportPathOf(result._id)}
              aria-label={`Open report of ${result.user.name}`}
            >
              Report
            </Button>
            <Button
              size="xs"
              variant="light"
              onClick={() => onView(result)}
              aria-label={`View result of ${result.user.name}`}
            >
              View Details
            </Button>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
