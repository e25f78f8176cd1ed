import { complaintsApi, type ComplaintListResponse } from '@prometrica/shared-api';
import { matchesSearch, newestFirst } from '../../../lib/paging';
import { useSearchableList } from '../../../lib/use-searchable-list';

/** Complaints and submissions per page (spec section 9). */
export const COMPLAINTS_PER_PAGE = 10;

const complaintsOf = (data: ComplaintListResponse) => newestFirst(data.complaints);
const complaintMatches = (complaint: ComplaintListResponse['complaints'][number], search: string) =>
  matchesSearch(search, [complaint.title, complaint.description, ...complaint.botherOptions]);

/** Admin complaints, newest first, searched on title, description and bother options. */
export function useAdminComplaints() {
  const list = useSearchableList(() => complaintsApi.getComplaints(), complaintsOf, complaintMatches, COMPLAINTS_PER_PAGE);
  return { ...list, complaints: list.items };
}
