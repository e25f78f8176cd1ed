import { useState } from 'react';
import { Stack } from '@mantine/core';
import { ChangePasswordScreen } from './change-password-screen';
import { SessionsPanel } from './sessions-panel';

/** `/dashboard/account`: the signed-in account's password and where it is signed in. */
export function AccountScreen() {
  // A changed password ends the other sessions: the list is read again.
  const [changes, setChanges] = useState(0);
  return (
    <Stack gap="xl">
      <ChangePasswordScreen onChanged={() => setChanges((n) => n + 1)} />
      <SessionsPanel refresh={changes} />
    </Stack>
  );
}
