import { lazy } from 'react';

export { ResultsScreen, ResultsScreen as default } from './components/results-screen';

/**
 * A result's report, in a chunk of its own: the report document and its editors stay out of the
 * results list's code, which the list's first paint waits for.
 */
export const ReportScreen = lazy(() =>
  import(/* webpackChunkName: "dashboard-report" */ './components/report/report-screen').then((module) => ({
    default: module.ReportScreen,
  })),
);
