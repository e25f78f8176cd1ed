export { DashboardLayout, LOGOUT_DELAY_MS } from './components/dashboard-layout';
