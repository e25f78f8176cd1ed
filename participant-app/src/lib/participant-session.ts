import {
  isApiError,
  participantToken,
  paths,
  storageKeys,
  writeStored,
  type ProgressResponse,
} from '@prometrica/shared-api';
import { enterParticipant } from './participant-details';
import { clearQuizProgress } from './quiz-progress';

/** The server's refusal of answers or a submission before the consent (403, `error: 'consent_required'`). */
export function isConsentRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.error === 'consent_required';
}

/**
 * The server's refusal of this browser's token, as its status and message: the participant is held
 * by another device's session (403, `startedElsewhereMessage`) or the token is not valid (401).
 * Resuming with the email and resume code (or the invitation link) gives this browser a token that
 * may act for them. Undefined for any other failure.
 */
export function refusedHere(error: unknown): { status: number; message: string } | undefined {
  if (!isApiError(error)) return undefined;
  if (error.status === 401 || (error.status === 403 && !isConsentRequired(error))) {
    return { status: error.status, message: error.message };
  }
  return undefined;
}

/** The screen where a participant stands: welcome, consent, the questions or the thank-you page. */
export function placeOf(progress: ProgressResponse): string {
  if (progress.submittedAt !== null) return paths.thankyou;
  if (progress.consent !== null) return paths.question;
  if (progress.stage === 'invited' || progress.stage === 'opened') return paths.welcome;
  return paths.consent;
}

/**
 * A participant token has just arrived with the progress (invitation link, resume code): keeps the
 * details as the details form does and returns where the participant stands.
 */
export function arriveWith(progress: ProgressResponse): string {
  enterParticipant({ ...progress.participant });
  return placeOf(progress);
}

/**
 * Logout on this device: forgets the participant token, the details and every local copy. Their
 * progress stays on the server.
 */
export function forgetParticipant(): void {
  participantToken.set(null);
  writeStored(storageKeys.userData, null);
  clearQuizProgress();
}
