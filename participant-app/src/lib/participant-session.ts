import { participantToken, storageKeys, writeStored } from '@prometrica/shared-api';
import { clearQuizProgress } from './quiz-progress';

/**
 * Ends the participant's session on this device (the header's Logout): marks it as ended as the
 * spec's logout does, and forgets the participant token, the details and the unfinished quiz, so
 * the next person at this browser starts afresh. What was submitted stays on the server.
 */
export function endParticipantSession(): void {
  writeStored(storageKeys.sessionExpired, 'true');
  participantToken.set(null);
  writeStored(storageKeys.userData, null);
  clearQuizProgress();
}
