import { usersApi, type AccountCounts, type UserListResponse } from '@prometrica/shared-api';
import { matchesSearch } from '../../../lib/paging';
import { useSearchableList } from '../../../lib/use-searchable-list';

/** Users per page (spec section 9). */
export const USERS_PER_PAGE = 8;

const usersOf = (data: UserListResponse) => data.users;
const userMatches = (user: UserListResponse['users'][number], search: string) =>
  matchesSearch(search, [user.name, user.email, user.role]);

const noCounts: AccountCounts = { accounts: 0, users: 0, admins: 0 };

/**
 * Every staff account, searched on name, email or role and paged in the browser; the counts are
 * the server's (the figures the overview shows too), never participants.
 */
export function useUsers() {
  const list = useSearchableList(() => usersApi.getUsers(), usersOf, userMatches, USERS_PER_PAGE);
  return { ...list, users: list.items, counts: list.data?.counts ?? noCounts };
}
