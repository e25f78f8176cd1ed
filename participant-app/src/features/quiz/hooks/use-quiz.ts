import { useCallback, useEffect, useRef, useState } from 'react';
import {
  progressApi,
  quizApi,
  type ParticipantQuestion,
  type ProgressResponse,
  type SavedAnswer as ServerAnswer,
} from '@prometrica/shared-api';
import { answerQueue, answersWithLocal, type QueuedAnswer } from '../../../lib/answer-queue';
import { failureMessage } from '../../../lib/errors';
import { isConsentRequired, refusedHere } from '../../../lib/participant-session';
import { firstUnanswered, type AnswerMap } from '../../../lib/quiz-progress';
import { useSaveQueue } from '../../../components/save-status';

/** Where loading the quiz stands. */
export type QuizLoad =
  | { status: 'loading' }
  /** `refused`: the server will not act for this browser (started on another device, or no valid token). */
  | { status: 'error'; message: string; refused?: { status: number; message: string } }
  | { status: 'submitted'; submittedAt: string; concernsDone: boolean }
  | { status: 'ready' };

interface QuizState {
  questions: ParticipantQuestion[];
  /** The question set the answers are saved to (pinned at consent). */
  version: number;
  answers: AnswerMap;
  index: number;
  resumeCode: string | null;
  load: QuizLoad;
}

const initialState: QuizState = {
  questions: [],
  version: 0,
  answers: {},
  index: 0,
  resumeCode: null,
  load: { status: 'loading' },
};

/**
 * Another tab's answers, learnt from a save's reply: taken for every question but the one on screen
 * and those with a save still to send here (the last answer to a question wins).
 */
export function mergeSaved(
  answers: AnswerMap,
  saved: readonly ServerAnswer[],
  keep: ReadonlySet<string>,
): AnswerMap | null {
  let next: Record<string, string> | null = null;
  for (const a of saved) {
    if (keep.has(a.questionId) || answers[a.questionId] === a.userAnswer) continue;
    next ??= { ...answers };
    next[a.questionId] = a.userAnswer;
  }
  return next;
}

/**
 * What a save's reply offers `mergeSaved`: its answers, after those held back from earlier replies.
 * A reply lists only the answers saved since the reply before, so another tab's answer to the
 * question on screen (which `mergeSaved` leaves) is held back and offered again with the next reply;
 * one to a question with a save still to send here is not (that save comes later and wins).
 */
export function offeredAnswers(
  held: ReadonlyMap<string, ServerAnswer>,
  saved: readonly ServerAnswer[],
  onScreen: string | undefined,
  pending: ReadonlySet<string>,
): { offered: ServerAnswer[]; held: Map<string, ServerAnswer> } {
  const byQuestion = new Map(held);
  for (const a of saved) byQuestion.set(a.questionId, a);
  const offered = [...byQuestion.values()];
  const kept = byQuestion.get(onScreen ?? '');
  return {
    offered,
    held: kept && !pending.has(kept.questionId) ? new Map([[kept.questionId, kept]]) : new Map(),
  };
}

export interface QuizCallbacks {
  /** The last question has been answered. */
  onFinish: () => void;
  /** The server has no consent for this participant: the consent form comes first. */
  onConsentRequired: () => void;
}

/**
 * The test-taking state of `/question`: the server's progress drives it (the question set pinned
 * at consent, the saved answers, the first unanswered question); every answer is queued for saving
 * and the next question shows at once.
 */
export function useQuiz(callbacks: QuizCallbacks) {
  const [state, setState] = useState<QuizState>(initialState);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });

  // This tab's saves acknowledged since the progress was asked for.
  const ackedSinceLoad = useRef<QueuedAnswer[]>([]);
  // Another tab's answer to the question on screen, offered again with the next save's reply.
  const heldBack = useRef(new Map<string, ServerAnswer>());

  const progressLoaded = useCallback((progress: ProgressResponse, questions: ParticipantQuestion[]) => {
    const answers = answersWithLocal(progress.answers, progress.questionSetVersion, {
      acked: ackedSinceLoad.current,
    });
    // The progress holds every answer: the next reply lists every one too, since replies read
    // while it loaded were not merged.
    heldBack.current = new Map();
    answerQueue.forgetSince();
    setState({
      questions,
      version: progress.questionSetVersion,
      answers,
      index: firstUnanswered(questions, answers),
      resumeCode: progress.resumeCode,
      load: { status: 'ready' },
    });
  }, []);

  useEffect(() => {
    let live = true;
    ackedSinceLoad.current = [];
    const load = async () => {
      try {
        const progress = await progressApi.getProgress();
        if (!live) return;
        if (progress.submittedAt !== null) {
          const { submittedAt, concernsSubmittedAt, resumeCode } = progress;
          setState({
            ...initialState,
            resumeCode,
            load: { status: 'submitted', submittedAt, concernsDone: concernsSubmittedAt !== null },
          });
          return;
        }
        if (progress.consent === null) {
          latest.current.onConsentRequired();
          return;
        }
        const { questions } = await quizApi.getQuestions(progress.questionSetVersion);
        if (live) progressLoaded(progress, questions);
      } catch (error) {
        if (!live) return;
        if (isConsentRequired(error)) {
          latest.current.onConsentRequired();
          return;
        }
        const message = failureMessage(error, 'The questions could not be loaded.');
        setState((s) => ({ ...s, load: { status: 'error', message, refused: refusedHere(error) } }));
      }
    };
    void load();
    return () => {
      live = false;
    };
  }, [attempt, progressLoaded]);

  const retry = useCallback(() => {
    setState((s) => ({ ...s, load: { status: 'loading' } }));
    setAttempt((n) => n + 1);
  }, []);

  // Saves left from an earlier visit (or stopped for the consent) go out now.
  useEffect(() => answerQueue.resume(), []);

  const { questions, answers, index, version } = state;
  const question = state.load.status === 'ready' ? questions[index] : undefined;

  // The question on screen, and since when: its save carries the time spent on it.
  const shown = useRef<{ id: string | undefined; at: number }>({ id: undefined, at: 0 });
  const questionId = question?._id;
  useEffect(() => {
    shown.current = { id: questionId, at: Date.now() };
  }, [questionId]);

  useEffect(
    () =>
      answerQueue.onSaved((saved, sent) => {
        ackedSinceLoad.current.push(sent);
        const pending = new Set(answerQueue.read().map((entry) => entry.questionId));
        const onScreen = shown.current.id;
        const { offered, held } = offeredAnswers(heldBack.current, saved, onScreen, pending);
        heldBack.current = held;
        const keep = new Set(pending);
        if (onScreen) keep.add(onScreen);
        setState((s) => {
          if (s.load.status !== 'ready') return s;
          const merged = mergeSaved(s.answers, offered, keep);
          return merged ? { ...s, answers: merged } : s;
        });
      }),
    [],
  );

  // A save refused with 409: submitted meanwhile (another tab), or another question set. The
  // progress says which.
  useEffect(() => answerQueue.onConflict(retry), [retry]);

  const queue = useSaveQueue();
  const consentRequired = queue.stop?.kind === 'consent-required';
  useEffect(() => {
    if (consentRequired) latest.current.onConsentRequired();
  }, [consentRequired]);

  /** Records (or replaces) the answer to the current question, queues its save, then moves on. */
  const answer = useCallback(
    (userAnswer: string) => {
      if (!question) return;
      const now = Date.now();
      const timeMs = Math.max(0, now - shown.current.at);
      shown.current = { id: shown.current.id, at: now };
      // Answered here after the other tab: this answer wins.
      heldBack.current.delete(question._id);
      answerQueue.enqueue({ questionId: question._id, userAnswer, questionSetVersion: version, timeMs });
      const last = index >= questions.length - 1;
      setState((s) => ({
        ...s,
        answers: { ...s.answers, [question._id]: userAnswer },
        index: last ? s.index : s.index + 1,
      }));
      if (last) latest.current.onFinish();
    },
    [index, question, questions.length, version],
  );

  /** Goes back one question. */
  const previous = useCallback(() => {
    setState((s) => (s.index === 0 ? s : { ...s, index: s.index - 1 }));
  }, []);

  /** Shows the question at `to` (Next, the question navigator); the screen decides which may be shown. */
  const goTo = useCallback((to: number) => {
    setState((s) => (to === s.index || to < 0 || to >= s.questions.length ? s : { ...s, index: to }));
  }, []);

  const previousAnswer = question ? answers[question._id] : undefined;
  const allAnswered = questions.length > 0 && questions.every((q) => answers[q._id] !== undefined);

  return {
    load: state.load,
    questions,
    answers,
    question,
    index,
    total: questions.length,
    previousAnswer,
    allAnswered,
    resumeCode: state.resumeCode,
    saveStopped: queue.stop,
    answer,
    previous,
    goTo,
    retry,
  };
}
