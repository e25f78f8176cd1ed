import { useRowActions } from '../../../lib/use-row-actions';
import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { concernRatingsApi } from '@prometrica/shared-api';
import { ActionsCell, ListCard, ListCards, ListScreen, ShortCell, TruncatedText } from '../../../components';
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

/** What the participant chose for the concern, a badge each (wrapping onto more lines when long). */
function Selections({ selections }: { selections: string[] }) {
  return (
    <Group gap={4} mt={4}>
      {selections.map((selection) => (
        <Badge key={selection} variant="light" color="blue" tt="none" className={classes.textBadge}>
          {selection}
        </Badge>
      ))}
    </Group>
  );
}

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
        short: ['Submitted', 'Status', 'Actions'],
      }}
      cards={
        <ListCards label="Submissions">
          {list.pageItems.map((row) => (
            <ListCard
              key={row.id}
              title={row.userInfo.name}
              subtitle={row.userInfo.email}
              badge={<StatusBadge status={row.status} />}
              fields={[
                { label: 'Concern', value: row.title },
                { label: 'Submitted', value: formatDate(row.submissionDate) },
              ]}
              actions={{
                subject: `submission by ${row.userInfo.name}`,
                view: rows.actions(row).view,
                remove: rows.actions(row).remove,
              }}
            >
              <TruncatedText text={row.description} max={descriptionLength} c="dimmed" mt="xs" />
              <Selections selections={row.selections} />
            </ListCard>
          ))}
        </ListCards>
      }
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
          <ShortCell>{formatDate(row.submissionDate)}</ShortCell>
          <Table.Td className={classes.titleCell}>{row.title}</Table.Td>
          <Table.Td className={classes.descriptionCell}>
            <TruncatedText text={row.description} max={descriptionLength} />
          </Table.Td>
          <Table.Td>
            <Selections selections={row.selections} />
          </Table.Td>
          <ShortCell>
            <StatusBadge status={row.status} />
          </ShortCell>
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
