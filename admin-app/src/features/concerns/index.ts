export { ConcernsScreen, ConcernsScreen as default } from './components/concerns-screen';
