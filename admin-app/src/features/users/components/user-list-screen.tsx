import { useRowActions } from '../../../lib/use-row-actions';
import { Table } from '@mantine/core';
import { useAuthStore, usersApi, type User } from '@prometrica/shared-api';
import { ActionsCell, ListCard, ListCards, ListScreen, NameCell, RoleBadge, ShortCell } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/phone';
import { dashboardPath } from '../../../lib/dashboard-paths';
import { useUsers } from '../hooks/use-users';
import { canManage, editBlockedBecause } from '../utils/user-form';
import { UserEditModal } from './user-edit-modal';
import { UserViewModal } from './user-view-modal';
import { usersHeader } from '../header';

const addUser = { label: 'Add User', to: dashboardPath('add-user') };
const cyan = 'var(--mantine-color-cyan-6)';
const orange = 'var(--mantine-color-orange-6)';

/** Why an account's edit and delete are unavailable to the signed-in account, if they are. */
function blocks(user: User, me: User | null) {
  const manageable = canManage(user, me?.role);
  return {
    edit: editBlockedBecause(user, me),
    remove:
      user._id === me?._id
        ? 'You cannot delete your own account'
        : manageable
          ? undefined
          : 'Only a superadmin can delete a superadmin',
  };
}

/**
 * `/dashboard/user-list`: the staff accounts (users, admins and superadmins), searched and paged in
 * the browser. Participants are not accounts: the Participants section lists them.
 */
export function UserListScreen() {
  const me = useAuthStore((s) => s.user);
  const list = useUsers();
  const rows = useRowActions(list.reload, (item: User) => usersApi.deleteUser(item._id), 'user');

  return (
    <ListScreen
      list={list}
      rows={rows}
      header={{
        ...usersHeader,
        add: addUser,
      }}
      statColumns={{ base: 3 }}
      stats={[
        { label: 'Staff Accounts', value: list.counts.accounts, description: 'Users, admins and superadmins' },
        { label: 'User Accounts', value: list.counts.users, description: 'Accounts of role User', accent: cyan },
        { label: 'Admins', value: list.counts.admins, description: 'Admins and superadmins', accent: orange },
      ]}
      search="Search users"
      searchPlaceholder="Search by name, email or role..."
      panel={{ itemLabel: 'users', empty: { title: 'No users found' } }}
      table={{
        minWidth: 760,
        columns: ['Name', 'Email', 'Phone', 'Role', 'Joined', 'Actions'],
        short: ['Phone', 'Role', 'Joined', 'Actions'],
      }}
      cards={
        <ListCards label="Users">
          {list.pageItems.map((user) => {
            const actions = rows.actions(user);
            const blocked = blocks(user, me);
            return (
              <ListCard
                key={user._id}
                title={user.name}
                subtitle={user.email}
                badge={<RoleBadge role={user.role} />}
                fields={[
                  { label: 'Phone', value: formatPhone(user.phoneNumber) || '—' },
                  { label: 'Joined', value: formatDate(user.createdAt) },
                ]}
                actions={{
                  subject: `user ${user.name}`,
                  view: actions.view,
                  edit: { onClick: actions.edit, blockedBecause: blocked.edit },
                  remove: { onClick: actions.remove, blockedBecause: blocked.remove },
                }}
              />
            );
          })}
        </ListCards>
      }
      modals={
        <>
          <UserViewModal user={rows.viewing} onClose={rows.closeView} />
          <UserEditModal {...rows.editing.editor} />
        </>
      }
    >
      {list.pageItems.map((user) => {
        const actions = rows.actions(user);
        const blocked = blocks(user, me);
        return (
          <Table.Tr key={user._id}>
            <NameCell>{user.name}</NameCell>
            <Table.Td>{user.email}</Table.Td>
            <ShortCell>{formatPhone(user.phoneNumber) || '—'}</ShortCell>
            <ShortCell>
              <RoleBadge role={user.role} />
            </ShortCell>
            <ShortCell>{formatDate(user.createdAt)}</ShortCell>
            <ActionsCell
              subject={`user ${user.name}`}
              view={actions.view}
              edit={{ onClick: actions.edit, blockedBecause: blocked.edit }}
              remove={{ onClick: actions.remove, blockedBecause: blocked.remove }}
            />
          </Table.Tr>
        );
      })}
    </ListScreen>
  );
}
