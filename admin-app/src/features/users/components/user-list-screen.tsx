import { useState } from 'react';
import { useConfirmedDelete } from '../../../lib/use-confirmed-delete';
import { useItemModal } from '../../../lib/use-item-modal';
import { SimpleGrid, Stack, Table } from '@mantine/core';
import { useAuthStore, usersApi, type User } from '@prometrica/shared-api';
import {
  ActionsCell,
  AddButton,
  ListPanel,
  ListTable,
  NameCell,
  PageHeader,
  RoleBadge,
  SearchInput,
  StatCard,
} from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { dashboardPath } from '../../../lib/dashboard-paths';
import { useUsers } from '../hooks/use-users';
import { canManage } from '../utils/user-form';
import { UserEditModal } from './user-edit-modal';
import { UserViewModal } from './user-view-modal';

/** `/dashboard/user-list`: every account, searched and paged in the browser. */
export function UserListScreen() {
  const me = useAuthStore((s) => s.user);
  const list = useUsers();
  const [viewing, setViewing] = useState<User | null>(null);

  const editing = useItemModal<User>(list.reload);
  const remove = useConfirmedDelete((item: User) => usersApi.deleteUser(item._id), 'user', list.reload);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Users"
        description="Participants and staff accounts."
        actions={<AddButton label="Add User" to={dashboardPath('add-user')} />}
      />

      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <StatCard label="Total Accounts" value={list.counts.total} description="Everyone with an account" />
        <StatCard
          label="Users"
          value={list.counts.users}
          description="Participant accounts"
          accent="var(--mantine-color-cyan-6)"
        />
        <StatCard
          label="Admins"
          value={list.counts.admins}
          description="Admins and superadmins"
          accent="var(--mantine-color-orange-6)"
        />
      </SimpleGrid>

      <SearchInput
        label="Search users"
        placeholder="Search by name, email or role..."
        value={list.search}
        onChange={list.setSearch}
      />

      <ListPanel itemLabel="users" list={list.panel} empty={{ title: 'No users found' }} deleting={remove}>
        <ListTable minWidth={760} columns={['Name', 'Email', 'Phone', 'Role', 'Joined', 'Actions']}>
          {list.pageItems.map((user) => {
            const manageable = canManage(user, me?.role);
            const isMe = user._id === me?._id;
            return (
              <Table.Tr key={user._id}>
                <NameCell>{user.name}</NameCell>
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.phoneNumber || '—'}</Table.Td>
                <Table.Td>
                  <RoleBadge role={user.role} />
                </Table.Td>
                <Table.Td>{formatDate(user.createdAt)}</Table.Td>
                <ActionsCell
                  view={{ label: `View user ${user.name}`, onClick: () => setViewing(user) }}
                  edit={{
                    label: `Edit user ${user.name}`,
                    onClick: () => editing.open(user),
                    blockedBecause: manageable ? undefined : 'Only a superadmin can edit a superadmin',
                  }}
                  remove={{
                    label: `Delete user ${user.name}`,
                    onClick: () => remove.setDeleting(user),
                    blockedBecause: isMe
                      ? 'You cannot delete your own account'
                      : manageable
                        ? undefined
                        : 'Only a superadmin can delete a superadmin',
                  }}
                />
              </Table.Tr>
            );
          })}
        </ListTable>
      </ListPanel>

      <UserViewModal user={viewing} onClose={() => setViewing(null)} />
      <UserEditModal {...editing.editor} />
    </Stack>
  );
}
