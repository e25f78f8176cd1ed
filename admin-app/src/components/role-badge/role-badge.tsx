import { Badge, type MantineColor } from '@mantine/core';

/** Badge colour and label of a role: superadmin red, admin amber, user cyan, anything else a violet Moderator. */
export function roleStyle(role: string): { color: MantineColor; label: string } {
  switch (role) {
    case 'superadmin':
      return { color: 'red', label: 'Superadmin' };
    case 'admin':
      return { color: 'orange', label: 'Admin' };
    case 'user':
      return { color: 'cyan', label: 'User' };
    default:
      return { color: 'violet', label: 'Moderator' };
  }
}

/** A user's role as a coloured badge. */
export function RoleBadge({ role }: { role: string }) {
  const { color, label } = roleStyle(role);
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}
