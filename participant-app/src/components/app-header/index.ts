export { AppHeader } from './app-header';
export { Logo } from './logo';
