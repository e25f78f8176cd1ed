export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export { DeleteDialog } from './delete-dialog';
export type { DeleteFlow } from './delete-dialog';
