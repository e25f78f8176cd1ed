import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { useAuthStore } from '@prometrica/shared-api';
import { cssVariablesResolver, theme } from '@prometrica/shared-api/theme';
import { AppNotifications } from './notices/app-notifications';
import { AppRoutes } from './routes';
import { ScreenLoader } from './remotes/remote-screen';

// Only a signed-in account whose token expires needs it (and its modal): loaded then, not at start.
const SessionExpiredModal = lazy(() =>
  import('./session/session-expired-modal').then((m) => ({ default: m.SessionExpiredModal })),
);

/** Mounts the sign-in-again modal from the first time the session expires on. */
function SessionExpiry() {
  const expired = useAuthStore((s) => s.sessionExpired);
  const [needed, setNeeded] = useState(expired);
  useEffect(() => {
    if (expired) setNeeded(true);
  }, [expired]);
  if (!needed && !expired) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredModal />
    </Suspense>
  );
}

/** Verifies a stored token once at start; a loader shows meanwhile. */
function AuthGate({ children }: { children: React.ReactNode }) {
  const checkStatus = useAuthStore((s) => s.status.checkAuth);
  const checkAuth = useAuthStore((s) => s.checkAuth);
  useEffect(() => {
    // Started at boot; here only when nothing started it (e.g. the app rendered on its own).
    if (useAuthStore.getState().status.checkAuth === 'idle') void checkAuth();
  }, [checkAuth]);
  if (checkStatus === 'idle' || checkStatus === 'loading') return <ScreenLoader label="Checking your session..." />;
  return children;
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <AppNotifications />
      <BrowserRouter>
        <AuthGate>
          <AppRoutes />
          <SessionExpiry />
        </AuthGate>
      </BrowserRouter>
    </MantineProvider>
  );
}
