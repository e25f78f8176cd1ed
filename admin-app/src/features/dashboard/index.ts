export { DashboardLayout, LOGOUT_DELAY_MS, type SectionLink } from './components/dashboard-layout';
