import { readStored, storageKeys, writeStored, type ParticipantQuestion } from '@prometrica/shared-api';

/** One answer as the participant gave it (spec section 3, answer record). */
export interface SavedAnswer {
  questionId: string;
  questionText: string;
  userAnswer: string;
}

/** What `/question` hands to `/submit` when the last question is answered. */
export interface FinishedQuizState {
  answers: SavedAnswer[];
  total: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function parse(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function isQuestion(value: unknown): value is ParticipantQuestion {
  return (
    isRecord(value) &&
    typeof value._id === 'string' &&
    typeof value.question === 'string' &&
    typeof value.questionType === 'string' &&
    Array.isArray(value.options) &&
    value.options.every((o) => typeof o === 'string')
  );
}

function isAnswer(value: unknown): value is SavedAnswer {
  return (
    isRecord(value) &&
    typeof value.questionId === 'string' &&
    typeof value.questionText === 'string' &&
    typeof value.userAnswer === 'string'
  );
}

/** A list of answers, or null when the value is not one (e.g. navigation state from elsewhere). */
export function asAnswers(value: unknown): SavedAnswer[] | null {
  return Array.isArray(value) && value.every(isAnswer) ? value : null;
}

/** The saved question list, or null when none (or a damaged one) is stored. */
export function readSavedQuestions(): ParticipantQuestion[] | null {
  const value = parse(readStored(storageKeys.questions));
  return Array.isArray(value) && value.length > 0 && value.every(isQuestion) ? value : null;
}

/** The saved answers; an empty list when none are stored. */
export function readSavedAnswers(): SavedAnswer[] {
  return asAnswers(parse(readStored(storageKeys.answers))) ?? [];
}

/** The saved position in the quiz, or null. */
export function readSavedIndex(): number | null {
  const raw = readStored(storageKeys.currentIndex);
  if (raw === null) return null;
  const index = Number(raw);
  return Number.isInteger(index) && index >= 0 ? index : null;
}

/** Saves the question list, so a reload resumes on the same questions. */
export function saveQuestions(questions: ParticipantQuestion[]): void {
  writeStored(storageKeys.questions, JSON.stringify(questions));
}

/** Saves the answers given so far. */
export function saveAnswers(answers: SavedAnswer[]): void {
  writeStored(storageKeys.answers, JSON.stringify(answers));
}

/** Saves the position; null forgets it (the quiz is finished). */
export function saveIndex(index: number | null): void {
  writeStored(storageKeys.currentIndex, index === null ? null : String(index));
}

/** Records an answer for its question, replacing an earlier one for the same question. */
export function withAnswer(answers: SavedAnswer[], answer: SavedAnswer): SavedAnswer[] {
  const at = answers.findIndex((a) => a.questionId === answer.questionId);
  if (at === -1) return [...answers, answer];
  return answers.map((a, i) => (i === at ? answer : a));
}

/** Forgets everything a finished submission leaves behind (spec section 4). */
export function clearQuizProgress(): void {
  for (const key of [
    storageKeys.questions,
    storageKeys.answers,
    storageKeys.currentIndex,
    storageKeys.previousAnswers,
    storageKeys.answerData,
    storageKeys.scoreResults,
  ]) {
    writeStored(key, null);
  }
}
