import { isTimeText, limits, type saveAnswerBodySchema } from '@prometrica/shared-api/contract';
import type { z } from 'zod';

type SaveBody = z.output<typeof saveAnswerBodySchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const noNul = (text: string) => !text.includes('\u0000');

/**
 * Reads a `POST user/answer` body of the usual shape (a question id and an answer, the version, maybe
 * a time spent and a `since`, no NUL character) to exactly what the body schema gives for it, or
 * undefined for anything else, which the schema then reads and names what is wrong with. An answer
 * save is the call a participant makes most; its body is small, but the schema's run (and the check
 * for NUL characters after it) was a share of the event loop's time on it worth skipping.
 * A property test holds it to the schema.
 */
export function readSaveBody(value: unknown): SaveBody | undefined {
  if (!isRecord(value)) return undefined;
  const { questionId, userAnswer, questionSetVersion, since } = value;
  if (typeof questionId !== 'string' || typeof userAnswer !== 'string') return undefined;
  const id = questionId.trim();
  if (id.length < 1 || id.length > limits.questionId || !noNul(id)) return undefined;
  if (userAnswer.length > limits.answerText || !noNul(userAnswer)) return undefined;
  // The schema's int() takes safe integers only.
  if (!(typeof questionSetVersion === 'number' && Number.isSafeInteger(questionSetVersion) && questionSetVersion >= 1))
    return undefined;
  const timeMs = value.timeMs === undefined ? 0 : value.timeMs;
  if (!(typeof timeMs === 'number' && Number.isSafeInteger(timeMs) && timeMs >= 0 && timeMs <= limits.answerTimeMs))
    return undefined;
  if (since === undefined) return { questionId: id, userAnswer, questionSetVersion, timeMs };
  if (typeof since !== 'string' || since.length > limits.sinceText || !noNul(since) || !isTimeText(since))
    return undefined;
  return { questionId: id, userAnswer, questionSetVersion, timeMs, since };
}
