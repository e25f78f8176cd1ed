export { ReportLinkScreen as default, ReportLinkScreen } from './report-link-screen';
