export { ResumeLink } from './resume-link';
export { RefusedHere, type RefusedHereProps } from './refused-here';
