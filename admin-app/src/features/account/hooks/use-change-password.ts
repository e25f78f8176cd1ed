import { useState } from 'react';
import { authApi, isApiError } from '@prometrica/shared-api';
import { messageOf } from '../../../lib/notify';

/** Spec section 8: the success text when the server sends no message. */
export const PASSWORD_CHANGED_FALLBACK = 'Password changed successfully!';

export interface PasswordChangeOutcome {
  ok: boolean;
  /** The server's message (or the fallback on success). */
  message: string;
}

/**
 * Sends `user/change-password` and keeps the outcome for the form, which tells it where the user is
 * looking (the form stays on screen): once, so no notice repeats it. A refusal that names a field
 * goes to `atField` first (false: the form has no such field, and it is the outcome).
 */
export function useChangePassword(atField?: (field: string, message: string) => boolean) {
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<PasswordChangeOutcome | null>(null);

  /** Resolves true when the password was changed. */
  async function changePassword(currentPassword: string, newPassword: string): Promise<boolean> {
    setOutcome(null);
    setSaving(true);
    try {
      const res = await authApi.changePassword({ currentPassword, newPassword });
      const message = res.message || PASSWORD_CHANGED_FALLBACK;
      setOutcome({ ok: true, message });
      return true;
    } catch (error) {
      const field = isApiError(error) && error.status === 400 ? error.error : undefined;
      if (!(field && atField?.(field, messageOf(error)))) setOutcome({ ok: false, message: messageOf(error) });
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { saving, outcome, changePassword, clearOutcome: () => setOutcome(null) };
}
