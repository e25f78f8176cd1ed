export { FormPage, SubmitRow } from './form-page';
export type { FormPageProps } from './form-page';
