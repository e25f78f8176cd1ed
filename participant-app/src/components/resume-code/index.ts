export { ResumeCode } from './resume-code';
