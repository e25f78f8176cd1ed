import type { ReportStatus } from '@prometrica/shared-api';
import { formatDate } from '../../../lib/format-date';
import classes from './results.module.css';

export interface ReportBadgeProps {
  /** The report's state as the results list gives it; absent reads as a draft (nothing released). */
  report?: { status: ReportStatus; releasedAt?: string | null; openedAt?: string | null } | null;
}

/** Where the doctor's report stands: Draft, Released <day> or Opened <day>, as a light badge. */
export function ReportBadge({ report }: ReportBadgeProps) {
  const status = report?.status ?? 'draft';
  const text =
    status === 'opened'
      ? `Opened ${formatDate(report?.openedAt)}`
      : status === 'released'
        ? `Released ${formatDate(report?.releasedAt)}`
        : 'Draft';
  return <span className={`${classes.badge} ${classes[`report-${status}`]}`}>{text}</span>;
}
