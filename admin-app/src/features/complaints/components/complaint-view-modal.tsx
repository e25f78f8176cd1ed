import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Complaint } from '@prometrica/shared-api';
import { formatDate } from '../../../lib/format-date';
import { DetailField } from '../../../components';
import { BadgeList } from './badge-list';
import { StatusBadge } from './status-badge';

/** `Complaint Details`: everything about one admin complaint. */
export function ComplaintViewModal({ complaint, onClose }: { complaint: Complaint | null; onClose: () => void }) {
  return (
    <Modal opened={complaint !== null} onClose={onClose} title="Complaint Details" size="lg">
      {complaint && (
        <Stack gap="md">
          <DetailField label="Title">{complaint.title}</DetailField>
          <DetailField label="Description">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {complaint.description}
            </Text>
          </DetailField>
          <DetailField label="Bother options">
            <BadgeList items={complaint.botherOptions} empty="No bother options" variant="outline" color="gray" />
          </DetailField>
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <DetailField label="Status">
              <StatusBadge status={complaint.status} />
            </DetailField>
            <DetailField label="Reported by">{complaint.reporterName || 'Admin'}</DetailField>
            <DetailField label="Created">{formatDate(complaint.createdAt)}</DetailField>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
