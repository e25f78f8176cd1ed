import { useRowActions } from '../../../lib/use-row-actions';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { concernRatingsApi } from '@prometrica/shared-api';
import { ActionsCell, ListScreen, TruncatedText } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useConcernSubmissions } from '../hooks/use-concern-submissions';
import type { SubmissionRow } from '../utils/submissions';
import { StatusBadge } from './status-badge';
import { SubmissionViewModal } from './submission-view-modal';
import classes from './concerns.module.css';

/** Description length in the table: 80 characters, 30 on small screens (spec section 9). */
export const SUBMISSION_DESCRIPTION_LENGTH = { wide: 80, small: 30 } as const;

const yellow = 'var(--mantine-color-yellow-6)';
const blue = 'var(--mantine-color-blue-6)';
const cyan = 'var(--mantine-color-cyan-6)';

/** The `User Submissions` tab: what participants said about each workplace concern. */
export function ConcernSubmissionsTab() {
  const list = useConcernSubmissions();
  const small = useMatchesMedia('(max-width: 48em)');
  const rows = useRowActions(
    list.reload,
    (item: SubmissionRow) => concernRatingsApi.deleteConcernRating(item.id),
    'submission',
  );

  const descriptionLength = small ? SUBMISSION_DESCRIPTION_LENGTH.small : SUBMISSION_DESCRIPTION_LENGTH.wide;

  return (
    <ListScreen
      list={list}
      rows={rows}
      statColumns={{ base: 2, md: 4 }}
      stats={[
        { label: 'Total Submissions', value: list.stats.total, description: 'Concerns rated by participants' },
        { label: 'Pending', value: list.stats.pending, description: 'Awaiting review', accent: yellow },
        { label: 'Total Selections', value: list.stats.selections, description: 'Options chosen', accent: blue },
        { label: 'Unique Participants', value: list.stats.participants, description: 'Who took part', accent: cyan },
      ]}
      search="Search submissions"
      panel={{
        itemLabel: 'submissions',
        empty: { title: 'No User Submissions Found', hint: 'No user submissions available at the moment' },
      }}
      table={{
        minWidth: 900,
        columns: ['Participant', 'Submitted', 'Concern', 'Description', 'Selections', 'Status', 'Actions'],
      }}
      modals={<SubmissionViewModal submission={rows.viewing} onClose={rows.closeView} />}
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
            subject={`submission by ${row.userInfo.name}`}
            view={rows.actions(row).view}
            remove={rows.actions(row).remove}
          />
        </Table.Tr>
      ))}
    </ListScreen>
  );
}
