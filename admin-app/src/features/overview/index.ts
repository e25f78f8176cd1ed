export { OverviewScreen, OverviewScreen as default } from './components/overview-screen';
