import { SimpleGrid } from '@mantine/core';
import { formatDate } from '../../../lib/format-date';
import type { SubmissionRow } from '../utils/submissions';
import { DetailField, ViewModal } from '../../../components';
import { BadgeList } from './badge-list';
import { StatusBadge } from './status-badge';

/** `Submission Details`: one participant's rating of one concern. */
export function SubmissionViewModal({
  submission,
  onClose,
}: {
  submission: SubmissionRow | null;
  onClose: () => void;
}) {
  return (
    <ViewModal item={submission} title="Submission Details" size="lg" onClose={onClose}>
      {(submission) => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Participant">{submission.userInfo.name}</DetailField>
            <DetailField label="Email">{submission.userInfo.email}</DetailField>
            <DetailField label="Phone Number">{submission.userInfo.phoneNumber || '—'}</DetailField>
            <DetailField label="Submitted">{formatDate(submission.submissionDate)}</DetailField>
          </SimpleGrid>
          <DetailField label="Concern">{submission.title}</DetailField>
          <DetailField label="Description" text={submission.description} />
          <DetailField label="Selections">
            <BadgeList items={submission.selections} empty="Nothing selected" variant="light" color="blue" />
          </DetailField>
          <DetailField label="Status">
            <StatusBadge status={submission.status} />
          </DetailField>
        </>
      )}
    </ViewModal>
  );
}
