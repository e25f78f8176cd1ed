import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { participantScreenRoutes, paths, type RemoteId } from '@prometrica/shared-api';
import { PublicOnly, RequireParticipant, RequireStaff } from './guards/guards';
import { RemoteScreen } from './remotes/remote-screen';
import { NotFound } from './not-found';

/** Participant routes behind the details guard, and the screen each shows. */
const participantRoutes = participantScreenRoutes.filter(([path]) => path !== paths.details);

type Guard = ComponentType<{ children: ReactNode }>;

/** A remote's screen behind the guard that decides who may see it. */
function guarded(Guard: Guard, remote: RemoteId, screen: string) {
  return (
    <Guard>
      <RemoteScreen remote={remote} screen={screen} />
    </Guard>
  );
}

/** The product's route table: the shell decides who may see what; remotes draw the screens. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.details} element={guarded(PublicOnly, 'participant', 'details')} />
      <Route path={paths.adminLogin} element={guarded(PublicOnly, 'admin', 'login')} />
      <Route path={paths.login} element={guarded(PublicOnly, 'admin', 'login')} />
      {participantRoutes.map(([path, screen]) => (
        <Route key={path} path={path} element={guarded(RequireParticipant, 'participant', screen)} />
      ))}
      <Route path={`${paths.dashboard}/*`} element={guarded(RequireStaff, 'admin', 'dashboard')} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
