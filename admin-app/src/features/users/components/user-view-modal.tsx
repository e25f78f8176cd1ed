import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { User } from '@prometrica/shared-api';
import { DetailField, RoleBadge } from '../../../components';
import { formatDate } from '../../../lib/format-date';

/** `View User`: name, email, phone number, role and dates. */
export function UserViewModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="View User">
      {user && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Name">
              <Text>{user.name}</Text>
            </DetailField>
            <DetailField label="Email">
              <Text>{user.email}</Text>
            </DetailField>
            <DetailField label="Phone Number">
              <Text>{user.phoneNumber || '—'}</Text>
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
