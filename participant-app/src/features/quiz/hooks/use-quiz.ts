import { useCallback, useEffect, useState } from 'react';
import { quizApi, type ParticipantQuestion } from '@prometrica/shared-api';
import { messageOf } from '../../../lib/errors';
import { settleWhileLive } from '../../../lib/settle-while-live';
import {
  readSavedAnswers,
  readSavedIndex,
  readSavedQuestions,
  saveAnswers,
  saveIndex,
  saveQuestions,
  withAnswer,
  type FinishedQuizState,
  type SavedAnswer,
} from '../../../lib/quiz-progress';

/** Where loading the questions stands. */
export type QuizLoad = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready' };

interface QuizState {
  questions: ParticipantQuestion[];
  answers: SavedAnswer[];
  index: number;
  load: QuizLoad;
}

const clampIndex = (index: number | null, total: number) => Math.min(Math.max(index ?? 0, 0), Math.max(total - 1, 0));

/** A quiz left in this browser (reload, closed tab) resumes where it was, without a new fetch. */
function resumedState(): QuizState {
  const questions = readSavedQuestions();
  const answers = readSavedAnswers();
  if (!questions) return { questions: [], answers, index: 0, load: { status: 'loading' } };
  return { questions, answers, index: clampIndex(readSavedIndex(), questions.length), load: { status: 'ready' } };
}

/**
 * The test-taking state of `/question`: the questions, the answers so far and the current
 * position, saved to browser storage after every change.
 */
export function useQuiz(onFinish: (result: FinishedQuizState) => void) {
  const [state, setState] = useState<QuizState>(resumedState);
  const [attempt, setAttempt] = useState(0);
  const needsFetch = state.load.status === 'loading';

  useEffect(() => {
    if (!needsFetch) return;
    return settleWhileLive(
      quizApi.getQuestions(),
      (res) => {
        if (res.questions.length > 0) saveQuestions(res.questions);
        setState((s) => ({
          ...s,
          questions: res.questions,
          index: clampIndex(readSavedIndex(), res.questions.length),
          load: { status: 'ready' },
        }));
      },
      (error) => {
        const message = messageOf(error, 'The questions could not be loaded.');
        setState((s) => ({ ...s, load: { status: 'error', message } }));
      },
    );
  }, [needsFetch, attempt]);

  const { questions, answers, index } = state;
  const question = questions[index];

  /** Records (or replaces) the answer to the current question, then moves on. */
  const answer = useCallback(
    (userAnswer: string) => {
      if (!question) return;
      const next = withAnswer(answers, { questionId: question._id, questionText: question.question, userAnswer });
      saveQuestions(questions);
      saveAnswers(next);
      if (index >= questions.length - 1) {
        saveIndex(null);
        setState((s) => ({ ...s, answers: next }));
        onFinish({ answers: next, total: questions.length });
        return;
      }
      saveIndex(index + 1);
      setState((s) => ({ ...s, answers: next, index: index + 1 }));
    },
    [answers, index, onFinish, question, questions],
  );

  /** Goes back one question. */
  const previous = useCallback(() => {
    if (index === 0) return;
    saveIndex(index - 1);
    setState((s) => ({ ...s, index: index - 1 }));
  }, [index]);

  const retry = useCallback(() => {
    setState((s) => ({ ...s, load: { status: 'loading' } }));
    setAttempt((n) => n + 1);
  }, []);

  const previousAnswer = question ? answers.find((a) => a.questionId === question._id)?.userAnswer : undefined;

  return {
    load: state.load,
    questions,
    question,
    index,
    total: questions.length,
    previousAnswer,
    answer,
    previous,
    retry,
  };
}
