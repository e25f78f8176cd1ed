import type { ConcernSubmission } from '@prometrica/shared-api';
import { matchesSearch } from '../../../lib/paging';

/** One rated concern of one participant: a row of the User Submissions tab. */
export interface SubmissionRow {
  /** The rated concern's id (what delete takes). */
  id: string;
  /** The participant's submission it belongs to. */
  parentId: string;
  userInfo: ConcernSubmission['user'];
  submissionDate: string;
  title: string;
  description: string;
  /** The concern's own options. */
  concernOptions: string[];
  /** What the participant chose. */
  selections: string[];
  status: string;
}

/** Flattens the submissions into one row per rated concern, newest submission first. */
export function flattenSubmissions(submissions: readonly ConcernSubmission[]): SubmissionRow[] {
  const rows = submissions.flatMap((submission) =>
    submission.bothers.map((rating) => ({
      id: rating._id,
      parentId: submission._id,
      userInfo: submission.user,
      submissionDate: submission.createdAt,
      title: rating.complaintId.title,
      description: rating.complaintId.description,
      concernOptions: rating.complaintId.botherOptions,
      selections: rating.botherOptions,
      status: rating.status || 'pending',
    })),
  );
  return rows.sort((a, b) => Date.parse(b.submissionDate) - Date.parse(a.submissionDate));
}

/** Case-insensitive search on the participant's name and email, the concern and the selections. */
export function submissionMatches(row: SubmissionRow, query: string): boolean {
  return matchesSearch(query, [row.userInfo.name, row.userInfo.email, row.title, row.description, ...row.selections]);
}

/** The four figures above the User Submissions table. */
export function submissionStats(rows: readonly SubmissionRow[]) {
  return {
    total: rows.length,
    pending: rows.filter((r) => r.status === 'pending').length,
    selections: rows.reduce((sum, r) => sum + r.selections.length, 0),
    participants: new Set(rows.map((r) => r.userInfo.email || r.userInfo._id)).size,
  };
}
