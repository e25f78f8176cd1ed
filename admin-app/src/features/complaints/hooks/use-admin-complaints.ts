import { useMemo, useState } from 'react';
import { complaintsApi } from '@prometrica/shared-api';
import { matchesSearch, newestFirst } from '../../../lib/paging';
import { useClientPaging } from '../../../lib/use-client-paging';
import { useFetch } from '../../../lib/use-fetch';

/** Complaints and submissions per page (spec section 9). */
export const COMPLAINTS_PER_PAGE = 10;

/** Admin complaints, newest first, searched on title, description and bother options. */
export function useAdminComplaints() {
  const list = useFetch(() => complaintsApi.getComplaints(), []);
  const [search, setSearchState] = useState('');
  const complaints = useMemo(() => newestFirst(list.data?.complaints ?? []), [list.data]);
  const filtered = useMemo(
    () => complaints.filter((c) => matchesSearch(search, [c.title, c.description, ...c.botherOptions])),
    [complaints, search],
  );
  const paging = useClientPaging(filtered, COMPLAINTS_PER_PAGE);

  function setSearch(value: string) {
    setSearchState(value);
    paging.setPage(1);
  }

  return { ...list, complaints, filtered, search, setSearch, ...paging };
}
