import { useMemo } from 'react';
import { concernRatingsApi, type ConcernSubmissionListResponse } from '@prometrica/shared-api';
import { useSearchableList } from '../../../lib/use-searchable-list';
import { flattenSubmissions, submissionMatches, submissionStats } from '../utils/submissions';
import { CONCERNS_PER_PAGE } from './use-concerns';

const rowsOf = (data: ConcernSubmissionListResponse) => flattenSubmissions(data.data);

/** Participants' concern ratings, one row per rated concern, newest first. */
export function useConcernSubmissions() {
  const list = useSearchableList(concernRatingsApi.getConcernSubmissions, rowsOf, submissionMatches, CONCERNS_PER_PAGE);
  const rows = list.items;
  const stats = useMemo(() => submissionStats(rows), [rows]);
  return { ...list, rows, stats };
}
