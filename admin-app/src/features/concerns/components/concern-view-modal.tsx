import { SimpleGrid } from '@mantine/core';
import type { Concern } from '@prometrica/shared-api';
import { formatDate } from '../../../lib/format-date';
import { DetailField, ViewModal } from '../../../components';
import { BadgeList } from './badge-list';
import { StatusBadge } from './status-badge';

/** `Complaint Details`: everything about one concern. */
export function ConcernViewModal({ concern, onClose }: { concern: Concern | null; onClose: () => void }) {
  return (
    <ViewModal item={concern} title="Complaint Details" size="lg" onClose={onClose}>
      {(concern) => (
        <>
          <DetailField label="Title">{concern.title}</DetailField>
          <DetailField label="Description" text={concern.description} />
          <DetailField label="Bother options">
            <BadgeList items={concern.botherOptions} empty="No bother options" variant="outline" color="gray" />
          </DetailField>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <DetailField label="Status">
              <StatusBadge status={concern.status} />
            </DetailField>
            <DetailField label="Reported by">{concern.reporterName || 'Admin'}</DetailField>
            <DetailField label="Created">{formatDate(concern.createdAt)}</DetailField>
          </SimpleGrid>
        </>
      )}
    </ViewModal>
  );
}
