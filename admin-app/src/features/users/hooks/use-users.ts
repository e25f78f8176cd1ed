import { useMemo } from 'react';
import { usersApi, type UserListResponse } from '@prometrica/shared-api';
import { matchesSearch } from '../../../lib/paging';
import { useSearchableList } from '../../../lib/use-searchable-list';

/** Users per page (spec section 9). */
export const USERS_PER_PAGE = 8;

const usersOf = (data: UserListResponse) => data.users;
const userMatches = (user: UserListResponse['users'][number], search: string) =>
  matchesSearch(search, [user.name, user.email, user.role]);

/** Every account, searched on name, email or role and paged in the browser. */
export function useUsers() {
  const list = useSearchableList(() => usersApi.getUsers(), usersOf, userMatches, USERS_PER_PAGE);
  const users = list.items;
  const counts = useMemo(
    () => ({
      total: users.length,
      users: users.filter((u) => u.role === 'user').length,
      admins: users.filter((u) => u.role === 'admin' || u.role === 'superadmin').length,
    }),
    [users],
  );

  return { ...list, users, counts };
}
