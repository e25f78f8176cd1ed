export { ConsentScreen as default, ConsentScreen, validateConsent } from './consent-screen';
