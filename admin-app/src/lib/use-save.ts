import { useState, type FormEvent } from 'react';
import { messageOf, notifyError, notifySuccess } from './notify';

/**
 * Sends a form: while it is on its way `saving` is set (the form's own, or through `setSaving` when
 * a modal holds it), the server's answer is told in a notice, and a refusal is also kept as
 * `failure` for the form to show.
 */
export function useSave(labels: { saved: string; failed: string }, setSaving?: (saving: boolean) => void) {
  const [saving, setOwnSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const setBusy = setSaving ?? setOwnSaving;

  /** Resolves true when the server accepted. */
  async function save(send: () => Promise<{ message: string }>): Promise<boolean> {
    setFailure(null);
    setBusy(true);
    try {
      const res = await send();
      setBusy(false);
      notifySuccess(res.message, labels.saved);
      return true;
    } catch (error) {
      setBusy(false);
      setFailure(messageOf(error));
      notifyError(error, labels.failed);
      return false;
    }
  }

  /** A form's submit handler: nothing is sent unless `valid()` allows it; `then` runs once the server accepted. */
  function submit(valid: () => boolean, send: () => Promise<{ message: string }>, then?: () => void) {
    return async (event: FormEvent) => {
      event.preventDefault();
      setFailure(null);
      if (!valid()) return;
      if (await save(send)) then?.();
    };
  }

  return { saving, failure, clearFailure: () => setFailure(null), save, submit };
}
