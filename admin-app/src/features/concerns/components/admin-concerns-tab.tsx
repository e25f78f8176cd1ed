import { useRowActions } from '../../../lib/use-row-actions';
import { Badge, Group, Stack, Table } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { concernsApi, type Concern } from '@prometrica/shared-api';
import {
  ActionsCell,
  AddButton,
  ListCard,
  ListCards,
  ListPanel,
  ListTable,
  NameCell,
  SearchInput,
  ShortCell,
  TruncatedText,
} from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { useConcerns } from '../hooks/use-concerns';
import { ConcernFormModal } from './concern-form-modal';
import { ConcernViewModal } from './concern-view-modal';
import { StatusBadge } from './status-badge';
import classes from './concerns.module.css';

/** Description length in the table: 80 characters, 50 on small screens (spec section 9). */
export const ADMIN_DESCRIPTION_LENGTH = { wide: 80, small: 50 } as const;

function OptionCount({ concern }: { concern: Concern }) {
  const count = concern.botherOptions.length;
  return (
    <Badge variant="light" color="gray">
      {count} {count === 1 ? 'option' : 'options'}
    </Badge>
  );
}

/** The `Admin Complaints` tab: the concerns participants are asked to rate. */
export function AdminConcernsTab() {
  const list = useConcerns();
  const small = useMatchesMedia('(max-width: 48em)');
  const rows = useRowActions(list.reload, (item: Concern) => concernsApi.deleteConcern(item._id), 'complaint');
  const form = rows.editing;

  const descriptionLength = small ? ADMIN_DESCRIPTION_LENGTH.small : ADMIN_DESCRIPTION_LENGTH.wide;

  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.toolbar}>
        <SearchInput label="Search complaints" value={list.search} onChange={list.setSearch} />
        <AddButton label="Add Complaint" onClick={() => form.open(null)} />
      </Group>

      <ListPanel
        itemLabel="complaints"
        list={list.panel}
        empty={{ title: 'No Admin Complaints Found', hint: 'No admin complaints available at the moment' }}
        deleting={rows.deleting}
      >
        {small ? (
          <ListCards label="Complaints">
            {list.pageItems.map((concern) => (
              <ListCard
                key={concern._id}
                title={concern.title}
                badge={<StatusBadge status={concern.status} />}
                fields={[
                  { label: 'Options', value: <OptionCount concern={concern} /> },
                  { label: 'Created', value: formatDate(concern.createdAt) },
                ]}
                actions={{ subject: `complaint ${concern.title}`, ...rows.actions(concern) }}
              >
                <TruncatedText text={concern.description} max={descriptionLength} c="dimmed" mt="xs" />
              </ListCard>
            ))}
          </ListCards>
        ) : (
          <ListTable
            minWidth={820}
            columns={['Title', 'Description', 'Options', 'Status', 'Created', 'Actions']}
            short={['Options', 'Status', 'Created', 'Actions']}
          >
            {list.pageItems.map((concern) => (
              <Table.Tr key={concern._id}>
                <NameCell className={classes.titleCell}>{concern.title}</NameCell>
                <Table.Td className={classes.descriptionCell}>
                  <TruncatedText text={concern.description} max={descriptionLength} />
                </Table.Td>
                <ShortCell>
                  <OptionCount concern={concern} />
                </ShortCell>
                <ShortCell>
                  <StatusBadge status={concern.status} />
                </ShortCell>
                <ShortCell>{formatDate(concern.createdAt)}</ShortCell>
                <ActionsCell subject={`complaint ${concern.title}`} {...rows.actions(concern)} />
              </Table.Tr>
            ))}
          </ListTable>
        )}
      </ListPanel>

      <ConcernViewModal concern={rows.viewing} onClose={rows.closeView} />
      <ConcernFormModal opened={form.opened} concern={form.item} onClose={form.close} onSaved={form.saved} />
    </Stack>
  );
}
