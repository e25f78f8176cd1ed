import { ConfirmDialog } from './confirm-dialog';

/** What `useConfirmedDelete` gives: the item asked about, if any, and the confirmed delete. */
export interface DeleteFlow {
  /** What the item is called, e.g. `user`. */
  noun: string;
  deleting: unknown;
  setDeleting: (item: null) => void;
  busy: boolean;
  confirmDelete: () => void;
}

/** Asks before deleting the item `flow` is about: `Delete user`, `Are you sure you want to delete this user?`. */
export function DeleteDialog({ flow }: { flow: DeleteFlow }) {
  const { noun } = flow;
  return (
    <ConfirmDialog
      opened={flow.deleting !== null}
      title={`Delete ${noun}`}
      message={`Are you sure you want to delete this ${noun}?`}
      busy={flow.busy}
      onConfirm={flow.confirmDelete}
      onCancel={() => flow.setDeleting(null)}
    />
  );
}
