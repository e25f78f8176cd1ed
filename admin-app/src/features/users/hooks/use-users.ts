import { useMemo, useState } from 'react';
import { usersApi } from '@prometrica/shared-api';
import { useClientPaging } from '../../../lib/use-client-paging';
import { useFetch } from '../../../lib/use-fetch';
import { matchesSearch } from '../../../lib/paging';

/** Users per page (spec section 9). */
export const USERS_PER_PAGE = 8;

/** Every account, searched on name, email or role and paged in the browser. */
export function useUsers() {
  const list = useFetch(() => usersApi.getUsers(), []);
  const [search, setSearchState] = useState('');
  const users = useMemo(() => list.data?.users ?? [], [list.data]);
  const filtered = useMemo(() => users.filter((u) => matchesSearch(search, [u.name, u.email, u.role])), [users, search]);
  const paging = useClientPaging(filtered, USERS_PER_PAGE);

  function setSearch(value: string) {
    setSearchState(value);
    paging.setPage(1);
  }

  const counts = useMemo(
    () => ({
      total: users.length,
      users: users.filter((u) => u.role === 'user').length,
      admins: users.filter((u) => u.role === 'admin' || u.role === 'superadmin').length,
    }),
    [users],
  );

  return { ...list, users, filtered, search, setSearch, counts, ...paging };
}
