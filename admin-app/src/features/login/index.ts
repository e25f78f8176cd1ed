export { LoginScreen, validateLogin } from './login-screen';
