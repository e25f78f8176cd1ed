export { ChangePasswordScreen } from './components/change-password-screen';
export { AccountScreen, AccountScreen as default } from './components/account-screen';
