import { useState } from 'react';
import { notifyError, notifySuccess } from './notify';

/**
 * The delete flow every list shares: remember which item the confirm dialog is about, delete it on
 * confirmation, say how it went (`User deleted`, `The user was not deleted` for the noun `user`),
 * and refresh the list.
 */
export function useConfirmedDelete<T>(
  remove: (item: T) => Promise<{ message: string }>,
  noun: string,
  onDeleted: () => void,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      const res = await remove(deleting);
      notifySuccess(res.message, `${noun.charAt(0).toUpperCase()}${noun.slice(1)} deleted`);
      onDeleted();
    } catch (error) {
      notifyError(error, `The ${noun} was not deleted`);
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  }

  return { noun, deleting, setDeleting, busy, confirmDelete };
}
