// Replies of the participation calls (docs/participation.md), as the server sends them.
import type { ProgressResponse, SavedAnswer } from '@prometrica/shared-api';

const at = '2026-03-02T10:00:00.000Z';

/** A saved answer as the server lists it. */
export const savedAnswer = (questionId: string, userAnswer: string, timeMs = 1000): SavedAnswer => ({
  questionId,
  userAnswer,
  answeredAt: at,
  timeMs,
});

/** `GET user/progress` of a participant who has signed the consent and not yet submitted. */
export function progressOf(overrides: Partial<ProgressResponse> = {}): ProgressResponse {
  return {
    participant: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '03001234567' },
    resumeCode: 'K7QM2-XPD4R',
    stage: 'consented',
    consent: { signedAt: at, textVersion: '2026-11-25' },
    questionSetVersion: 3,
    answers: [],
    submittedAt: null,
    concernsSubmittedAt: null,
    ...overrides,
  };
}

/** The reply of `POST user/answer`: every saved answer. */
export const saveReply = (answers: SavedAnswer[]) => ({ body: { savedAt: at, answers } });

/** The 403 of a call made before the consent. */
export const consentRequiredReply = {
  status: 403,
  body: { message: 'Please sign the consent form before answering.', error: 'consent_required' },
};

/** The 403 of a call from a browser whose session does not hold the participant. */
export const startedElsewhereMessage =
  'This assessment was started on another device. Continue from your invitation link, or with your email and resume code.';
