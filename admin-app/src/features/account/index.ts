export { ChangePasswordScreen, ChangePasswordScreen as default } from './components/change-password-screen';
