export { ResultsScreen, ResultsScreen as default } from './components/results-screen';
export { ReportScreen } from './components/report/report-screen';
