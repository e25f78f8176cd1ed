export { ReportsScreen as default, ReportsScreen } from './reports-screen';
