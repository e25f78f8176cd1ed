import { SimpleGrid, Text } from '@mantine/core';
import type { User } from '@prometrica/shared-api';
import { DetailField, RoleBadge, ViewModal } from '../../../components';
import { formatDate } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/phone';

/** `View User`: name, email, phone number, role and dates. */
export function UserViewModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <ViewModal item={user} title="View User" onClose={onClose}>
      {(user) => (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DetailField label="Name">
            <Text>{user.name}</Text>
          </DetailField>
          <DetailField label="Email">
            <Text>{user.email}</Text>
          </DetailField>
          <DetailField label="Phone Number">
            <Text>{formatPhone(user.phoneNumber) || '—'}</Text>
          </DetailField>
          <DetailField label="Role">
            <RoleBadge role={user.role} />
          </DetailField>
          <DetailField label="Joined">
            <Text>{formatDate(user.createdAt)}</Text>
          </DetailField>
          <DetailField label="Last updated">
            <Text>{formatDate(user.updatedAt)}</Text>
          </DetailField>
        </SimpleGrid>
      )}
    </ViewModal>
  );
}
