export { WelcomeScreen as default, WelcomeScreen } from './welcome-screen';
