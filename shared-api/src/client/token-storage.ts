import { storageKeys } from '../contract/paths';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the app then works for this page only.
    return undefined;
  }
}

/** Reads a value from browser storage, or null when absent or unavailable. */
export function readStored(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

/** Writes (or, with null, removes) a value in browser storage. */
export function writeStored(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

/** The signed-in account's access token. */
export const adminToken = {
  get: () => readStored(storageKeys.token),
  set: (token: string | null) => writeStored(storageKeys.token, token),
};

/** The participant token handed out by `auth/validateuser`. */
export const participantToken = {
  get: () => readStored(storageKeys.participantToken),
  set: (token: string | null) => writeStored(storageKeys.participantToken, token),
};
