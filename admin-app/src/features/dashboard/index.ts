export {
  DashboardFrame,
  DashboardLayout,
  LOGOUT_DELAY_MS,
  SectionLoader,
  SidebarLinks,
  type SectionLink,
} from './components/dashboard-layout';
