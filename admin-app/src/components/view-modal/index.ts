export { CloseRow, ViewModal } from './view-modal';
export type { ViewModalProps } from './view-modal';
