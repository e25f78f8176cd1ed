export { FormModal, FormModalActions, SaveFailure } from './form-modal';
export type { FormModalProps } from './form-modal';
