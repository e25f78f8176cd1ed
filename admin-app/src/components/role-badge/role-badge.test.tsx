import { screen } from '@testing-library/react';
import { renderWithProviders } from '@prometrica/shared-api/testing';
import { RoleBadge, roleStyle } from './role-badge';

test('superadmin is red, admin amber, user cyan, and any other role a violet Moderator', () => {
  expect(roleStyle('superadmin')).toEqual({ color: 'red', label: 'Superadmin' });
  expect(roleStyle('admin')).toEqual({ color: 'orange', label: 'Admin' });
  expect(roleStyle('user')).toEqual({ color: 'cyan', label: 'User' });
  expect(roleStyle('moderator')).toEqual({ color: 'violet', label: 'Moderator' });
});

test('an unknown role is shown as a Moderator badge', () => {
  renderWithProviders(<RoleBadge role="moderator" />);
  expect(screen.getByText('Moderator')).toBeInTheDocument();
});
