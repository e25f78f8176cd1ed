export { ThankyouScreen as default, ThankyouScreen } from './thankyou-screen';
