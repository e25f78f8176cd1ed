import { useRowActions } from '../../../lib/use-row-actions';
import { Table } from '@mantine/core';
import { useAuthStore, usersApi, type User } from '@prometrica/shared-api';
import { ActionsCell, ListScreen, NameCell, RoleBadge } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { dashboardPath } from '../../../lib/dashboard-paths';
import { useUsers } from '../hooks/use-users';
import { canManage } from '../utils/user-form';
import { UserEditModal } from './user-edit-modal';
import { UserViewModal } from './user-view-modal';

const addUser = { label: 'Add User', to: dashboardPath('add-user') };
const cyan = 'var(--mantine-color-cyan-6)';
const orange = 'var(--mantine-color-orange-6)';

/** `/dashboard/user-list`: every account, searched and paged in the browser. */
export function UserListScreen() {
  const me = useAuthStore((s) => s.user);
  const list = useUsers();
  const rows = useRowActions(list.reload, (item: User) => usersApi.deleteUser(item._id), 'user');

  return (
    <ListScreen
      list={list}
      rows={rows}
      header={{ title: 'Users', description: 'Participants and staff accounts.', add: addUser }}
      statColumns={{ base: 1, xs: 3 }}
      stats={[
        { label: 'Total Accounts', value: list.counts.total, description: 'Everyone with an account' },
        { label: 'Users', value: list.counts.users, description: 'Participant accounts', accent: cyan },
        { label: 'Admins', value: list.counts.admins, description: 'Admins and superadmins', accent: orange },
      ]}
      search="Search users"
      searchPlaceholder="Search by name, email or role..."
      panel={{ itemLabel: 'users', empty: { title: 'No users found' } }}
      table={{ minWidth: 760, columns: ['Name', 'Email', 'Phone', 'Role', 'Joined', 'Actions'] }}
      modals={
        <>
          <UserViewModal user={rows.viewing} onClose={rows.closeView} />
          <UserEditModal {...rows.editing.editor} />
        </>
      }
    >
      {list.pageItems.map((user) => {
        const manageable = canManage(user, me?.role);
        const isMe = user._id === me?._id;
        const actions = rows.actions(user);
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
              subject={`user ${user.name}`}
              view={actions.view}
              edit={{
                onClick: actions.edit,
                blockedBecause: manageable ? undefined : 'Only a superadmin can edit a superadmin',
              }}
              remove={{
                onClick: actions.remove,
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
    </ListScreen>
  );
}
