import { useMemo } from 'react';
import { concernsApi, type ConcernSubmissionListResponse } from '@prometrica/shared-api';
import { useSearchableList } from '../../../lib/use-searchable-list';
import { flattenSubmissions, submissionMatches, submissionStats } from '../utils/submissions';
import { COMPLAINTS_PER_PAGE } from './use-admin-complaints';

const rowsOf = (data: ConcernSubmissionListResponse) => flattenSubmissions(data.data);

/** Participants' concern ratings, one row per rated concern, newest first. */
export function useUserSubmissions() {
  const list = useSearchableList(() => concernsApi.getConcernSubmissions(), rowsOf, submissionMatches, COMPLAINTS_PER_PAGE);
  const rows = list.items;
  const stats = useMemo(() => submissionStats(rows), [rows]);
  return { ...list, rows, stats };
}
