export { FormModal, FormModalActions, SaveFailure } from './form-modal';
export type { FormModalActionsProps, FormModalProps, FormModalState } from './form-modal';
