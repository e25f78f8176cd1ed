import { readStored, storageKeys, writeStored } from '@prometrica/shared-api';

/** The participant's details kept in browser storage (`UserData`). */
export interface ParticipantDetails {
  name: string;
  email: string;
  phone: string;
}

export function readParticipantDetails(): ParticipantDetails | null {
  const raw = readStored(storageKeys.userData);
  if (!raw) return null;
  try {
    const data = JSON.parse(raw) as Partial<ParticipantDetails>;
    if (typeof data.email !== 'string') return null;
    return { name: String(data.name ?? ''), email: data.email, phone: String(data.phone ?? '') };
  } catch {
    return null;
  }
}

export function saveParticipantDetails(details: ParticipantDetails): void {
  writeStored(storageKeys.userData, JSON.stringify(details));
}
