import { useState } from 'react';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { concernRatingsApi } from '@prometrica/shared-api';
import { ActionsCell, ListPanel, ListTable, SearchInput, StatCard, TruncatedText } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useConcernSubmissions } from '../hooks/use-concern-submissions';
import type { SubmissionRow } from '../utils/submissions';
import { StatusBadge } from './status-badge';
import { SubmissionViewModal } from './submission-view-modal';
import classes from './concerns.module.css';

/** Description length in the table: 80 characters, 30 on small screens (spec section 9). */
export const SUBMISSION_DESCRIPTION_LENGTH = { wide: 80, small: 30 } as const;

/** The `User Submissions` tab: what participants said about each workplace concern. */
export function ConcernSubmissionsTab() {
  const list = useConcernSubmissions();
  const small = useMatchesMedia('(max-width: 48em)');
  const [viewing, setViewing] = useState<SubmissionRow | null>(null);

  const remove = useConfirmedDelete(
    (item: SubmissionRow) => concernRatingsApi.deleteConcernRating(item.id),
    'submission',
    list.reload,
  );

  const descriptionLength = small ? SUBMISSION_DESCRIPTION_LENGTH.small : SUBMISSION_DESCRIPTION_LENGTH.wide;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <StatCard label="Total Submissions" value={list.stats.total} description="Concerns rated by participants" />
        <StatCard
          label="Pending"
          value={list.stats.pending}
          description="Awaiting review"
          accent="var(--mantine-color-yellow-6)"
        />
        <StatCard
          label="Total Selections"
          value={list.stats.selections}
          description="Options chosen"
          accent="var(--mantine-color-blue-6)"
        />
        <StatCard
          label="Unique Participants"
          value={list.stats.participants}
          description="Who took part"
          accent="var(--mantine-color-cyan-6)"
        />
      </SimpleGrid>

      <SearchInput label="Search submissions" value={list.search} onChange={list.setSearch} />

      <ListPanel
        itemLabel="submissions"
        list={list.panel}
        empty={{ title: 'No User Submissions Found', hint: 'No user submissions available at the moment' }}
        deleting={remove}
      >
        <ListTable
          minWidth={900}
          columns={['Participant', 'Submitted', 'Concern', 'Description', 'Selections', 'Status', 'Actions']}
        >
          {list.pageItems.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {row.userInfo.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {row.userInfo.email}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{formatDate(row.submissionDate)}</Table.Td>
              <Table.Td className={classes.titleCell}>{row.title}</Table.Td>
              <Table.Td className={classes.descriptionCell}>
                <TruncatedText text={row.description} max={descriptionLength} />
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {row.selections.map((selection) => (
                    <Badge key={selection} variant="light" color="blue" tt="none">
                      {selection}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={row.status} />
              </Table.Td>
              <ActionsCell
                view={{ label: `View submission by ${row.userInfo.name}`, onClick: () => setViewing(row) }}
                remove={{ label: `Delete submission by ${row.userInfo.name}`, onClick: () => remove.setDeleting(row) }}
              />
            </Table.Tr>
          ))}
        </ListTable>
      </ListPanel>

      <SubmissionViewModal submission={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
