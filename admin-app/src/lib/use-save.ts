import { useState, type FormEvent } from 'react';
import { isApiError } from '@prometrica/shared-api';
import { messageOf, notifySuccess } from './notify';

export interface SaveLabels {
  /** The title of the notice that tells the server's answer when it accepted. */
  saved: string;
  /** The form shows the accepted outcome itself too (a modal that stays open with the result): no notice at all. */
  inPlace?: boolean;
  /**
   * Puts the server's message at the field its refusal names (the reply's `error`, e.g. `email`),
   * returning false for a field the form does not have; the message is then `failure`.
   */
  atField?: (field: string, message: string) => boolean;
}

/** The server's message without the `email: ` its validation puts before it, for a message shown at that field. */
function fieldMessage(message: string, field: string): string {
  return message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

/**
 * Sends a form: while it is on its way `saving` is set (the form's own, or through `setSaving` when
 * a modal holds it). A refusal is told once, where the user is looking: at the field it names
 * (`atField`) or as `failure`, which every form using this shows (`SaveFailure`); never as a notice
 * over the form. An acceptance is told in a notice (the form usually closes or moves on), unless
 * the form says it itself (`inPlace`).
 */
export function useSave(labels: SaveLabels, setSaving?: (saving: boolean) => void) {
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
      if (!labels.inPlace) notifySuccess(res.message, labels.saved);
      return true;
    } catch (error) {
      setBusy(false);
      const message = messageOf(error);
      const field = isApiError(error) && error.status >= 400 && error.status < 500 ? error.error : undefined;
      if (!(field && labels.atField?.(field, fieldMessage(message, field)))) setFailure(message);
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
