import { useState } from 'react';

/**
 * A dialog that asks about one thing before acting on it: `ask(subject)` opens it, `confirm` runs
 * `act` (busy meanwhile) and closes the dialog when `act` answers true, `cancel` closes it. The
 * subject stays while the dialog closes, so its text does not change as it fades.
 */
export function useConfirmation<T>(act: (subject: T) => Promise<boolean>) {
  const [state, setState] = useState<{ subject: T | null; opened: boolean }>({ subject: null, opened: false });
  const [busy, setBusy] = useState(false);
  const close = () => setState((current) => ({ ...current, opened: false }));

  async function confirm() {
    if (state.subject === null) return;
    setBusy(true);
    try {
      if (await act(state.subject)) close();
    } finally {
      setBusy(false);
    }
  }

  return {
    ask: (subject: T) => setState({ subject, opened: true }),
    dialog: { subject: state.subject, opened: state.opened, busy, confirm, cancel: close },
  };
}
