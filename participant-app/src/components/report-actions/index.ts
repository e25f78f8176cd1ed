export { ReportActions, reportPageWidth, type ReportActionsProps } from './report-actions';
