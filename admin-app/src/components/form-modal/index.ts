export { FormModal, FormModalActions, SaveFailure } from './form-modal';
export type { EditModalProps, FormModalActionsProps, FormModalProps, FormModalState } from './form-modal';
