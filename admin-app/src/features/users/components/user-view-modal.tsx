import type { ReactNode } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { User } from '@prometrica/shared-api';
import { RoleBadge } from '../../../components';
import { formatDate } from '../../../lib/format-date';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

/** `View User`: name, email, phone number, role and dates. */
export function UserViewModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="View User">
      {user && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Field label="Name">
              <Text>{user.name}</Text>
            </Field>
            <Field label="Email">
              <Text>{user.email}</Text>
            </Field>
            <Field label="Phone Number">
              <Text>{user.phoneNumber || '—'}</Text>
            </Field>
            <Field label="Role">
              <RoleBadge role={user.role} />
            </Field>
            <Field label="Joined">
              <Text>{formatDate(user.createdAt)}</Text>
            </Field>
            <Field label="Last updated">
              <Text>{formatDate(user.updatedAt)}</Text>
            </Field>
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
