import { readStored, storageKeys, writeStored } from '@prometrica/shared-api';
import { clearQuizProgress } from './quiz-progress';

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

/**
 * Keeps the details of the participant who has just come in (details form, invitation link,
 * resume code). Someone else on this browser before them: their unfinished quiz must not carry over.
 */
export function enterParticipant(details: ParticipantDetails): void {
  const previous = readParticipantDetails();
  if (previous && previous.email.toLowerCase() !== details.email.toLowerCase()) clearQuizProgress();
  saveParticipantDetails(details);
}
