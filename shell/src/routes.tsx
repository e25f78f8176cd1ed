import type { ComponentType, ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { participantScreenRoutes, paths, type ParticipantScreen, type RemoteId } from '@prometrica/shared-api';
import { PublicOnly, RequireParticipant, RequireStaff } from './guards/guards';
import { RemoteScreen } from './remotes/remote-screen';
import { NotFound } from './not-found';

/** Participant routes after the details screen, and the screen each shows. */
const participantRoutes = participantScreenRoutes.filter(([path]) => path !== paths.details);

/**
 * Participant screens open to anyone: they are how a participant comes in without the details form
 * (a personal invitation link, the email and resume code) or reads a released report from its link
 * on any device, so they need no stored details.
 */
const entryScreens: ReadonlySet<ParticipantScreen> = new Set(['invite', 'resume', 'reportLink']);

type Guard = ComponentType<{ children: ReactNode }>;

/** A remote's screen behind the guard that decides who may see it. */
function guarded(Guard: Guard, remote: RemoteId, screen: string) {
  return (
    <Guard>
      <RemoteScreen remote={remote} screen={screen} />
    </Guard>
  );
}

/**
 * `/admin/<screen>` is the dashboard's `/dashboard/<screen>`: the spec names the add-question screen
 * `/admin/add-question`, and the dashboard's own guard decides who may see it.
 */
function AdminAlias() {
  const { '*': screen = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${paths.dashboard}/${screen}${search}`} replace />;
}

/** The product's route table: the shell decides who may see what; remotes draw the screens. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.details} element={guarded(PublicOnly, 'participant', 'details')} />
      <Route path={paths.adminLogin} element={guarded(PublicOnly, 'admin', 'login')} />
      <Route path={`${paths.adminLogin}/*`} element={<AdminAlias />} />
      <Route path={paths.login} element={guarded(PublicOnly, 'admin', 'login')} />
      {participantRoutes.map(([path, screen]) => (
        <Route
          key={path}
          path={path}
          element={
            entryScreens.has(screen) ? (
              <RemoteScreen remote="participant" screen={screen} />
            ) : (
              guarded(RequireParticipant, 'participant', screen)
            )
          }
        />
      ))}
      <Route path={`${paths.dashboard}/*`} element={guarded(RequireStaff, 'admin', 'dashboard')} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
