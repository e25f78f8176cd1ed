import { useMemo, useState } from 'react';
import { concernsApi } from '@prometrica/shared-api';
import { useClientPaging } from '../../../lib/use-client-paging';
import { useFetch } from '../../../lib/use-fetch';
import { flattenSubmissions, submissionMatches, submissionStats } from '../utils/submissions';
import { COMPLAINTS_PER_PAGE } from './use-admin-complaints';

/** Participants' concern ratings, one row per rated concern, newest first. */
export function useUserSubmissions() {
  const list = useFetch(() => concernsApi.getConcernSubmissions(), []);
  const [search, setSearchState] = useState('');
  const rows = useMemo(() => flattenSubmissions(list.data?.data ?? []), [list.data]);
  const filtered = useMemo(() => rows.filter((row) => submissionMatches(row, search)), [rows, search]);
  const stats = useMemo(() => submissionStats(rows), [rows]);
  const paging = useClientPaging(filtered, COMPLAINTS_PER_PAGE);

  function setSearch(value: string) {
    setSearchState(value);
    paging.setPage(1);
  }

  return { ...list, rows, filtered, stats, search, setSearch, ...paging };
}
