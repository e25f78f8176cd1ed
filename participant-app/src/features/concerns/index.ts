export { ConcernsScreen as default, ConcernsScreen } from './concerns-screen';
