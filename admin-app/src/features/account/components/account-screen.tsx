import { useState } from 'react';
import { Stack } from '@mantine/core';
import { useAuthStore } from '@prometrica/shared-api';
import { ChangePasswordScreen } from './change-password-screen';
import { SecondFactorPanel } from './second-factor-panel';
import { SessionsPanel } from './sessions-panel';

/** `/dashboard/account`: the signed-in account's password, second factor and where it is signed in. */
export function AccountScreen() {
  // A changed password ends the other sessions: the list is read again.
  const [changes, setChanges] = useState(0);
  // A session that may only turn the second factor on is refused everything else.
  const enrolOnly = useAuthStore((s) => s.secondFactorEnrolmentRequired);
  if (enrolOnly) return <SecondFactorPanel />;
  return (
    <Stack gap="xl">
      <ChangePasswordScreen onChanged={() => setChanges((n) => n + 1)} />
      <SecondFactorPanel />
      <SessionsPanel refresh={changes} />
    </Stack>
  );
}
