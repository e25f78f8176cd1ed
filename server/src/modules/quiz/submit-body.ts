import { limits, type submitAnswersBodySchema } from '@prometrica/shared-api/contract';
import type { z } from 'zod';

type SubmitBody = z.output<typeof submitAnswersBodySchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const noNul = (text: string) => !text.includes('\u0000');

/** A trimmed text field of the body, its default when absent; undefined when it is anything else. */
function trimmedText(value: unknown, fallback: string, max: number): string | undefined {
  if (value === undefined) return fallback;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length <= max && noNul(trimmed) ? trimmed : undefined;
}

/**
 * Reads a `POST user/submitanswer` body of the usual shape (text details, a list of well-formed
 * answers, maybe a question set version, no NUL character) to exactly what the body schema gives for it, or undefined for
 * anything else, which the schema then reads and names what is wrong with. Checking a whole
 * submission with the schema copied it at every step, the largest share of the garbage and of the
 * event loop's time on the busiest call (allocation profile under load); this reads it without a
 * copy per check.
 * A property test holds it to the schema.
 */
export function readSubmitBody(value: unknown): SubmitBody | undefined {
  if (!isRecord(value)) return undefined;
  const name = trimmedText(value.name, 'Guest User', limits.name);
  const email = trimmedText(value.email, 'Not Provided', limits.email);
  const given = value.contactno;
  const contactno =
    typeof given === 'number' && Number.isFinite(given)
      ? trimmedText(String(given), '', limits.contactno)
      : trimmedText(given, 'Not Provided', limits.contactno);
  const list = value.answers;
  if (name === undefined || email === undefined || contactno === undefined || !Array.isArray(list)) return undefined;
  // The schema's int() takes safe integers only.
  const version = value.questionSetVersion;
  if (version !== undefined && !(typeof version === 'number' && Number.isSafeInteger(version) && version >= 1))
    return undefined;
  if (list.length < 1 || list.length > limits.answersPerSubmission) return undefined;
  const answers: SubmitBody['answers'] = [];
  for (const item of list) {
    if (!isRecord(item)) return undefined;
    const { questionId, userAnswer } = item;
    if (typeof questionId !== 'string' || typeof userAnswer !== 'string') return undefined;
    const id = questionId.trim();
    if (
      id.length < 1 ||
      id.length > limits.questionId ||
      userAnswer.length > limits.answerText ||
      !noNul(id) ||
      !noNul(userAnswer)
    )
      return undefined;
    answers.push({ questionId: id, userAnswer });
  }
  return version === undefined
    ? { name, email, contactno, answers }
    : { name, email, contactno, answers, questionSetVersion: version };
}
