import { useState } from 'react';
import { useConfirmedDelete } from './use-confirmed-delete';
import { useItemModal } from './use-item-modal';

/**
 * What a list's row buttons open: the item being viewed, the modal editing one, and the confirmed
 * delete (`useConfirmedDelete`, with `noun`); `actions(item)` is what a row's `ActionsCell` takes.
 */
export function useRowActions<T>(reload: () => void, remove: (item: T) => Promise<{ message: string }>, noun: string) {
  const [viewing, setViewing] = useState<T | null>(null);
  const editing = useItemModal<T>(reload);
  const deleting = useConfirmedDelete(remove, noun, reload);
  return {
    viewing,
    /** What a view modal takes to close. */
    closeView: () => setViewing(null),
    editing,
    deleting,
    actions: (item: T) => ({
      view: () => setViewing(item),
      edit: () => editing.open(item),
      remove: () => deleting.setDeleting(item),
    }),
  };
}
