export { ResumeScreen as default, ResumeScreen, validateResume } from './resume-screen';
