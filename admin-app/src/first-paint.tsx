import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { Button, MantineProvider, Stack } from '@mantine/core';
import { paths } from '@prometrica/shared-api';
import { theme } from '@prometrica/shared-api/theme';
import { PageHeader, type PageHeaderProps } from './components/page-header';
import { DashboardFrame, SectionLoader, SidebarLinks } from './features/dashboard';
import { categoriesHeader } from './features/categories/header';
import { concernsHeader } from './features/concerns/header';
import { insightsHeader } from './features/insights/header';
import { participantsHeader } from './features/participants/header';
import { questionsHeader } from './features/questions/header';
import { resultsHeader } from './features/results/header';
import { usersHeader } from './features/users/header';
import { dashboardPath } from './lib/dashboard-paths';
import { footerLinks, sectionLinks } from './routes';
import { sectionOfChild, type DashboardChild } from './sections';

/**
 * The list screens' headings, painted with the frame (their buttons come with the live screen). The
 * other addresses (the overview, the forms, the superadmin's audit log) show the loader their code
 * shows.
 */
const paintedHeaders: Partial<Record<DashboardChild, PageHeaderProps>> = {
  participants: participantsHeader,
  result: resultsHeader,
  insights: insightsHeader,
  'user-list': usersHeader,
  'question-list': questionsHeader,
  categories: categoriesHeader,
  complaint: concernsHeader,
};

/**
 * The dashboard's frame for the address `path` (a section's child, or '' for `/dashboard`): the
 * header, the sidebar with the links every role sees, and the section's heading if it has a
 * painted one. Its links are links; Logout and the menu button act once the live layout replaces
 * the frame.
 */
function PaintedDashboard({ path, child }: { path: string; child: DashboardChild | '' }) {
  const header = child ? paintedHeaders[child] : undefined;
  return (
    <DashboardFrame
      user={null}
      opened={false}
      links={<SidebarLinks list={sectionLinks} current={path} role={null} />}
      footer={
        <>
          <SidebarLinks list={footerLinks} current={path} role={null} />
          <Button variant="light" color="red">
            Logout
          </Button>
        </>
      }
    >
      {header ? (
        <Stack gap="lg">
          <PageHeader {...header} />
        </Stack>
      ) : (
        <SectionLoader />
      )}
    </DashboardFrame>
  );
}

/**
 * The dashboard as static HTML, for the server to send with the page of each `/dashboard` address a
 * signed-in account opens (config/first-paint.cjs): the frame and, for the list screens, the
 * section's heading show as soon as the page's HTML and styles arrive, instead of after every
 * script has loaded and run. The server sends it only to a browser holding an account token (an
 * inline script takes it away otherwise), and the shell's first render replaces it with the live
 * layout.
 */
export function renderFirstPaint(): { routes: Record<string, string> } {
  const routes: Record<string, string> = {};
  for (const child of Object.keys(sectionOfChild) as (DashboardChild | '')[]) {
    // An address with a parameter (a result's report) is not one page.
    if (child.includes(':')) continue;
    const path = child ? dashboardPath(child) : paths.dashboard;
    routes[path.toLowerCase()] = renderToStaticMarkup(
      <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
        <MemoryRouter initialEntries={[path]}>
          <PaintedDashboard path={path} child={child} />
        </MemoryRouter>
      </MantineProvider>,
    );
  }
  return { routes };
}
