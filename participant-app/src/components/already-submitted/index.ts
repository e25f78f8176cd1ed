export { AlreadySubmitted, type AlreadySubmittedProps } from './already-submitted';
