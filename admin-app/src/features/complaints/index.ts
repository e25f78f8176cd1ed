export { ComplaintsScreen, ComplaintsScreen as default } from './components/complaints-screen';
