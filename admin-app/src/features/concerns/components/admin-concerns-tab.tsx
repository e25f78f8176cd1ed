import { useState } from 'react';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { Badge, Button, Group, LoadingOverlay, Paper, Stack, Table, Text } from '@mantine/core';
import { useMatchesMedia } from '../../../lib/use-media-query';
import { concernsApi, type Concern } from '@prometrica/shared-api';
import {
  ConfirmDialog,
  EmptyState,
  LoadError,
  PaginationFooter,
  PlusIcon,
  RowActions,
  SearchInput,
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

/** The `Admin Complaints` tab: the concerns participants are asked to rate. */
export function AdminConcernsTab() {
  const list = useConcerns();
  const small = useMatchesMedia('(max-width: 48em)');
  const [form, setForm] = useState<{ opened: boolean; concern: Concern | null }>({ opened: false, concern: null });
  const [viewing, setViewing] = useState<Concern | null>(null);

  const { deleting, setDeleting, busy, confirmDelete } = useConfirmedDelete((item: Concern) => concernsApi.deleteConcern(item._id), { deleted: 'Complaint deleted', failed: 'The complaint was not deleted' }, list.reload);

  const closeForm = () => setForm((f) => ({ ...f, opened: false }));
  const searching = Boolean(list.search.trim());
  const showEmpty = !list.loading && !list.error && list.filtered.length === 0;
  const descriptionLength = small ? ADMIN_DESCRIPTION_LENGTH.small : ADMIN_DESCRIPTION_LENGTH.wide;

  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.toolbar}>
        <SearchInput label="Search complaints" value={list.search} onChange={list.setSearch} />
        <Button leftSection={<PlusIcon size={16} />} onClick={() => setForm({ opened: true, concern: null })}>
          Add Complaint
        </Button>
      </Group>

      {list.error && <LoadError title="Complaints could not be loaded" message={list.error} onRetry={list.reload} />}

      <Paper withBorder radius="md" pos="relative" p={0}>
        <LoadingOverlay visible={list.loading} loaderProps={{ 'aria-label': 'Loading complaints' }} />
        {showEmpty ? (
          <EmptyState
            title="No Admin Complaints Found"
            hint={searching ? 'Try searching with different keywords' : 'No admin complaints available at the moment'}
          />
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Options</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.pageItems.map((concern) => (
                  <Table.Tr key={concern._id}>
                    <Table.Td className={classes.titleCell}>
                      <Text size="sm" fw={500}>
                        {concern.title}
                      </Text>
                    </Table.Td>
                    <Table.Td className={classes.descriptionCell}>
                      <TruncatedText text={concern.description} max={descriptionLength} />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color="gray">
                        {concern.botherOptions.length} {concern.botherOptions.length === 1 ? 'option' : 'options'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={concern.status} />
                    </Table.Td>
                    <Table.Td>{formatDate(concern.createdAt)}</Table.Td>
                    <Table.Td>
                      <RowActions
                        view={{ label: `View complaint ${concern.title}`, onClick: () => setViewing(concern) }}
                        edit={{ label: `Edit complaint ${concern.title}`, onClick: () => setForm({ opened: true, concern }) }}
                        remove={{ label: `Delete complaint ${concern.title}`, onClick: () => setDeleting(concern) }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>

      <PaginationFooter {...list.footer} itemLabel="complaints" />

      <ConcernViewModal concern={viewing} onClose={() => setViewing(null)} />
      <ConcernFormModal
        opened={form.opened}
        mode={form.concern ? 'edit' : 'add'}
        concern={form.concern}
        onClose={closeForm}
        onSaved={() => {
          closeForm();
          list.reload();
        }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete complaint"
        message="Are you sure you want to delete this complaint?"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
