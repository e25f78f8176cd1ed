import { useState } from 'react';
import { messageOf, notifyError, notifySuccess } from './notify';

/**
 * Sends a form: `setSaving` says while it is on its way, the server's answer is told in a notice,
 * and a refusal is also kept as `failure` for the form to show. `save` resolves true when the
 * server accepted.
 */
export function useSave(setSaving: (saving: boolean) => void, labels: { saved: string; failed: string }) {
  const [failure, setFailure] = useState<string | null>(null);

  async function save(send: () => Promise<{ message: string }>): Promise<boolean> {
    setFailure(null);
    setSaving(true);
    try {
      const res = await send();
      setSaving(false);
      notifySuccess(res.message, labels.saved);
      return true;
    } catch (error) {
      setSaving(false);
      setFailure(messageOf(error));
      notifyError(error, labels.failed);
      return false;
    }
  }

  return { failure, clearFailure: () => setFailure(null), save };
}
