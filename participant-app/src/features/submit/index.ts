export { SubmitScreen as default, SubmitScreen } from './submit-screen';
