export { InsightsScreen, InsightsScreen as default } from './components/insights-screen';
