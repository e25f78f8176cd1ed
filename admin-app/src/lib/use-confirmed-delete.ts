import { useState } from 'react';
import { notifyError, notifySuccess } from './notify';

interface Labels {
  /** Notification title when the item is gone. */
  deleted: string;
  /** Notification title when the server refused. */
  failed: string;
}

/**
 * The delete flow every list shares: remember which item the confirm dialog is about, delete it on
 * confirmation, say how it went, and refresh the list.
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<{ message: string }>, labels: Labels, onDeleted: () => void) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      const res = await remove(deleting);
      notifySuccess(res.message, labels.deleted);
      onDeleted();
    } catch (error) {
      notifyError(error, labels.failed);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return { deleting, setDeleting, busy, confirmDelete };
}
