import { useState } from 'react';

/**
 * Which item a list's modal is open for. `open(null)` opens it for no item (a form that adds one);
 * `saved` closes it once the server has accepted the form and calls `onSaved` (the list's reload).
 */
export function useItemModal<T>(onSaved?: () => void) {
  const [state, setState] = useState<{ opened: boolean; item: T | null }>({ opened: false, item: null });
  const close = () => setState((s) => ({ ...s, opened: false }));
  const saved = () => {
    close();
    onSaved?.();
  };
  return {
    opened: state.opened,
    /** The item it was last opened for, kept while it closes so that its title stays. */
    item: state.item,
    open: (item: T | null) => setState({ opened: true, item }),
    close,
    saved,
    /** What a modal that edits the item takes: the item while the modal is open, otherwise null. */
    editor: { item: state.opened ? state.item : null, onClose: close, onSaved: saved },
  };
}
