export { ResultsScreen, ResultsScreen as default } from './components/results-screen';
