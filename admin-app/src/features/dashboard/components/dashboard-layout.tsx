import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Navigate, NavLink as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AppShell, Burger, Button, Center, Group, Loader, NavLink, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { paths, useAuthStore, type Role } from '@prometrica/shared-api';
// From its own module, not the barrel: the layout's chunk takes the badge and none of the lists' parts.
import { RoleBadge } from '../../../components/role-badge';
import classes from './dashboard-layout.module.css';

/** The Account page, where a session that may only turn the second factor on is kept. */
const accountPath = `${paths.dashboard}/account`;

/** Spec section 9: Logout shows `Logging out...` for 1.5 s before leaving. */
export const LOGOUT_DELAY_MS = 1500;

export interface SectionLink {
  to: string;
  label: string;
  /** Other addresses that also highlight this link; route patterns (`/dashboard/result/:resultId/report`) too. */
  also?: string[];
  /** Only these roles see the link (everyone when absent). */
  roles?: readonly Role[];
}

interface DashboardLayoutProps {
  /** The sections' links, in order. */
  links: SectionLink[];
  /** Links at the sidebar's foot, above Logout (the account's password). */
  footerLinks: SectionLink[];
}

/** The section's area while its code loads. */
export function SectionLoader() {
  return (
    <Center mih="40vh" aria-busy="true">
      <Loader aria-label="Loading section" />
    </Center>
  );
}

/**
 * Whether `path` is an address of the route `pattern`, where a `:name` segment stands for any one
 * segment (react-router's `matchPath` is not among the names the shell shares).
 */
export function matchesRoute(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  return (
    patternParts.length === pathParts.length &&
    patternParts.every((part, i) =>
      part.startsWith(':') ? pathParts[i] !== '' : part.toLowerCase() === pathParts[i]!.toLowerCase(),
    )
  );
}

/**
 * The sidebar's links of `list` that `role` may see (with no role yet, only those every role sees),
 * the one for the address `current` highlighted.
 */
export function SidebarLinks({
  list,
  current,
  role,
  onNavigate,
}: {
  list: SectionLink[];
  current: string;
  role: Role | null;
  onNavigate?: () => void;
}) {
  const isActive = (link: SectionLink) =>
    current === link.to || (link.also ?? []).some((also) => matchesRoute(also, current));
  return list
    .filter((link) => !link.roles || (role !== null && link.roles.includes(role)))
    .map((link) => (
      <NavLink
        key={link.to}
        component={RouterLink}
        to={link.to}
        label={link.label}
        active={isActive(link)}
        onClick={onNavigate}
      />
    ));
}

export interface DashboardFrameProps {
  /** The sidebar's section links. */
  links: ReactNode;
  /** The sidebar's foot: the account's links and Logout. */
  footer: ReactNode;
  /** The signed-in account, named in the header; null while it is not known (the first paint). */
  user: { name: string; role: Role } | null;
  /** The sidebar is open on a small screen. */
  opened: boolean;
  onToggle?: () => void;
  /** The section. */
  children: ReactNode;
}

/**
 * Header, sidebar and the section's area: drawn by the live layout, and at build time for the
 * dashboard's first paint (src/first-paint.tsx), so the two are the same boxes.
 */
export function DashboardFrame({ links, footer, user, opened, onToggle, children }: DashboardFrameProps) {
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={onToggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close navigation' : 'Open navigation'}
            />
            <Title order={2} size="h4" hiddenFrom="sm">
              Prometrica
            </Title>
          </Group>
          {user && (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={500} visibleFrom="xs" truncate maw={200}>
                {user.name}
              </Text>
              <RoleBadge role={user.role} />
            </Group>
          )}
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Dashboard sections">
        <Stack gap={0} h="100%">
          <div className={classes.brand}>
            <Title order={2} size="h3">
              Prometrica
            </Title>
            <Text size="sm" c="dimmed">
              Management System
            </Text>
          </div>
          <div className={classes.links}>{links}</div>
          <Stack gap="xs" className={classes.footer}>
            {footer}
          </Stack>
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>{children}</AppShell.Main>
    </AppShell>
  );
}

/** Sidebar with the product name, section links, the account's password and Logout. */
export function DashboardLayout({ links, footerLinks }: DashboardLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure();
  const [loggingOut, setLoggingOut] = useState(false);
  const logoutTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const logout = useAuthStore((s) => s.logout);
  const user = useAuthStore((s) => s.user);
  const signedIn = useAuthStore((s) => s.userAuth);
  const mustEnrol = useAuthStore((s) => s.secondFactorEnrolmentRequired);
  const loggedOut = useAuthStore((s) => s.status.logout === 'succeeded');
  const navigate = useNavigate();
  const location = useLocation();
  const current = location.pathname.replace(/\/+$/, '');

  useEffect(() => () => clearTimeout(logoutTimer.current), []);

  function startLogout() {
    setLoggingOut(true);
    logoutTimer.current = setTimeout(() => {
      logout();
      navigate(paths.login, { replace: true });
    }, LOGOUT_DELAY_MS);
  }

  // Signed out meanwhile (the session ended, or Logout in another tab): no screen of empty figures,
  // straight to sign-in (after a logout, to /login as Logout goes).
  if (!signedIn) {
    return <Navigate to={loggedOut ? paths.login : paths.adminLogin} replace state={{ from: location.pathname }} />;
  }
  // A session that may only turn the second factor on: every other screen would be refused.
  if (mustEnrol && current !== accountPath) return <Navigate to={accountPath} replace />;

  const role = user?.role ?? null;
  return (
    <DashboardFrame
      user={user}
      opened={opened}
      onToggle={toggle}
      links={<SidebarLinks list={links} current={current} role={role} onNavigate={close} />}
      footer={
        <>
          <SidebarLinks list={footerLinks} current={current} role={role} onNavigate={close} />
          <Button variant="light" color="red" onClick={startLogout} disabled={loggingOut}>
            {loggingOut ? 'Logging out...' : 'Logout'}
          </Button>
        </>
      }
    >
      <Suspense fallback={<SectionLoader />}>
        <Outlet />
      </Suspense>
    </DashboardFrame>
  );
}
