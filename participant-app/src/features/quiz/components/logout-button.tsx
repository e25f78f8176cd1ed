import { Button } from '@mantine/core';
import { storageKeys, useAuthStore, writeStored } from '@prometrica/shared-api';

export interface LogoutButtonProps {
  /** Reloads the page once signed out (the browser's reload unless given). */
  reload?: () => void;
}

/** The participant header's `Logout`: marks the session as ended, forgets the token, reloads. */
export function LogoutButton({ reload = () => window.location.reload() }: LogoutButtonProps) {
  const logout = useAuthStore((s) => s.logout);
  return (
    <Button
      variant="default"
      onClick={() => {
        writeStored(storageKeys.sessionExpired, 'true');
        logout();
        reload();
      }}
    >
      Logout
    </Button>
  );
}
