import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useAuthStore, type Role } from '@prometrica/shared-api';
import { DashboardLayout, type SectionLink } from './features/dashboard';
import { dashboardPath } from './lib/dashboard-paths';
import { allSections, sectionOfChild, sections } from './sections';

// Drawn from the sections table (src/sections.ts): a route per address, a sidebar link per section.
const links = (footer: boolean): SectionLink[] =>
  allSections.flatMap(([, section]) => {
    const [to, ...also] = section.screens.map(([child]) => dashboardPath(child));
    if (!section.nav || !to || Boolean(section.footer) !== footer) return [];
    return [{ to, label: section.nav, also, ...(section.roles ? { roles: section.roles } : {}) }];
  });

/** The sidebar's section links and those at its foot (also drawn by the first paint, src/first-paint.tsx). */
export const sectionLinks = links(false);
export const footerLinks = links(true);

// `/dashboard` and unknown addresses show the first screen of the section the bare address names.
const home = dashboardPath(sections[sectionOfChild['']!].screens[0]![0]);

/** A section only some roles may see: anyone else is sent to the first screen (the server refuses them too). */
function ForRoles({ roles, children }: { roles: readonly Role[] | undefined; children: ReactNode }) {
  const role = useAuthStore((s) => s.user?.role);
  if (!roles) return children;
  // The account is still being read (a reload): nothing until it is known.
  if (!role) return null;
  return roles.includes(role) ? children : <Navigate to={home} replace />;
}

/** Everything under `/dashboard/*`, inside the sidebar layout (spec section 2). */
export function DashboardRoutes() {
  return (
    <Routes>
      <Route element={<DashboardLayout links={sectionLinks} footerLinks={footerLinks} />}>
        <Route index element={<Navigate to={home} replace />} />
        {allSections.flatMap(([, section]) =>
          section.screens.map(([child, Screen]) => (
            <Route
              key={child}
              path={child}
              element={
                <ForRoles roles={section.roles}>
                  <Screen />
                </ForRoles>
              }
            />
          )),
        )}
        <Route path="*" element={<Navigate to={home} replace />} />
      </Route>
    </Routes>
  );
}

export default DashboardRoutes;
