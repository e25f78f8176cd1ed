import { Route, Routes } from 'react-router-dom';
import { participantScreenRoutes, paths } from '@prometrica/shared-api';
import { PublicOnly, RequireParticipant, RequireStaff } from './guards/guards';
import { RemoteScreen } from './remotes/remote-screen';
import { NotFound } from './not-found';

/** Participant routes behind the details guard, and the screen each shows. */
const participantRoutes = participantScreenRoutes.filter(([path]) => path !== paths.details);

/** The product's route table: the shell decides who may see what; remotes draw the screens. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path={paths.details}
        element={
          <PublicOnly>
            <RemoteScreen remote="participant" screen="details" />
          </PublicOnly>
        }
      />
      <Route
        path={paths.adminLogin}
        element={
          <PublicOnly>
            <RemoteScreen remote="admin" screen="login" />
          </PublicOnly>
        }
      />
      <Route
        path={paths.login}
        element={
          <PublicOnly>
            <RemoteScreen remote="admin" screen="login" />
          </PublicOnly>
        }
      />
      {participantRoutes.map(([path, screen]) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireParticipant>
              <RemoteScreen remote="participant" screen={screen} />
            </RequireParticipant>
          }
        />
      ))}
      <Route
        path={`${paths.dashboard}/*`}
        element={
          <RequireStaff>
            <RemoteScreen remote="admin" screen="dashboard" />
          </RequireStaff>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
