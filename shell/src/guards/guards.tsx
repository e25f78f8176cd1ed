import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { participantToken, paths, readStored, storageKeys, useAuthStore } from '@prometrica/shared-api';

const isStaff = (role: string | undefined) => role === 'admin' || role === 'superadmin';

/** `/`, `/admin` and `/login`: only for visitors who are not signed in. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { userAuth, user } = useAuthStore();
  if (userAuth && user) return <Navigate to={isStaff(user.role) ? paths.overview : paths.welcome} replace />;
  return children;
}

/**
 * Participant screens need the participant details stored by the details form. A signed-in admin
 * has no participant of their own: the participant calls would carry the account's token, which
 * they refuse, so the admin is sent to the dashboard instead, unless this browser holds a
 * participant's token (an invitation link or a resume code opened here), whose calls it makes.
 */
export function RequireParticipant({ children }: { children: ReactNode }) {
  const { userAuth, user } = useAuthStore();
  if (userAuth && user && isStaff(user.role) && participantToken.get() === null) {
    return <Navigate to={paths.overview} replace />;
  }
  if (!userAuth && !hasParticipantDetails()) return <Navigate to={paths.details} replace />;
  return children;
}

/** `/dashboard/*`: admins and superadmins only. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { userAuth, user, status } = useAuthStore();
  const location = useLocation();
  if (!userAuth || !user) {
    // Logout lands on /login; anyone else who is not signed in is sent to the admin login.
    const target = status.logout === 'succeeded' ? paths.login : paths.adminLogin;
    return <Navigate to={target} replace state={{ from: location.pathname }} />;
  }
  if (!isStaff(user.role)) return <Navigate to={paths.welcome} replace />;
  return children;
}

function hasParticipantDetails(): boolean {
  const raw = readStored(storageKeys.userData);
  if (!raw) return false;
  try {
    const data = JSON.parse(raw) as { email?: unknown };
    return typeof data.email === 'string' && data.email.length > 0;
  } catch {
    return false;
  }
}
