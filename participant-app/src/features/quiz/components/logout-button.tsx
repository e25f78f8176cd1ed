import { useNavigate } from 'react-router-dom';
import { Button } from '@mantine/core';
import { paths, useAuthStore } from '@prometrica/shared-api';
import { endParticipantSession } from '../../../lib/participant-session';

/**
 * The participant header's `Logout`, for every participant: ends the session on this device (and
 * signs out a participant account, when one is signed in) and goes back to the details form.
 */
export function LogoutButton() {
  const navigate = useNavigate();
  const logout = useAuthStore((s) => s.logout);
  return (
    <Button
      variant="default"
      onClick={() => {
        endParticipantSession();
        // Only a signed-in account is signed out: logging out a visitor would mark the store as
        // "just logged out", which sends a later dashboard visit to /login instead of /admin.
        if (useAuthStore.getState().token) logout();
        navigate(paths.details, { replace: true });
      }}
    >
      Logout
    </Button>
  );
}
