// Zod schemas of every call: the server validates with them; browsers import only the types
// (through the package root), so zod stays out of the front-end bundles.
export * from './common';
export * from './fields';
export * from './auth';
export * from './second-factor';
export { runtimeConfigSchema } from './runtime-schema';
export * from './participant';
export * from './questions';
export * from './categories';
export * from './users';
export * from './quiz';
export * from './progress';
export * from './invitations';
export * from './participant-data';
export * from './audit';
export * from './results';
export * from './reports';
export * from './concerns';
export * from './stats';
export * from './insights';
export * from './insight-definitions';
export * from './domain';
export { paths, storageKeys } from './paths';
export {
  secondFactorEnrolmentCode,
  secondFactorEnrolmentMessage,
  sessionEndedCode,
  sessionEndedMessage,
} from './session';
export { pageElementIds, pressedSubmitAttribute, queuedSubmitAttribute } from './page';
export { remoteForPath } from '../remote-routes';
// The server keeps, with each consent, the version and SHA-256 of the text that was signed.
export {
  consentTextCanonical,
  currentConsentText,
  findConsentText,
  type ConsentTextVersion,
} from '../consent/consent-text';
