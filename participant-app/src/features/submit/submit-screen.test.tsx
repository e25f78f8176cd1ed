import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { ProgressResponse } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { answerQueue } from '../../lib/answer-queue';
import { isReviewFromStart } from '../../lib/quiz-review';
import {
  consentRequiredReply,
  progressOf,
  saveReply,
  savedAnswer,
  startedElsewhereMessage,
} from '../../testing/progress';
import { SubmitScreen } from './submit-screen';

const questions = [
  { _id: 'q1', question: 'Capital of France?', questionType: 'mcq', options: ['Paris', 'Rome'], category: null },
  { _id: 'q2', question: 'The sky is blue.', questionType: 'truefalse', options: [], category: null },
];
const bothSaved = [savedAnswer('q1', 'Paris'), savedAnswer('q2', 'true')];
const submitted = {
  message: 'Your answers have been submitted',
  questions: [
    { questionId: 'q1', question: 'Capital of France?', userAnswer: 'Paris' },
    { questionId: 'q2', question: 'The sky is blue.', userAnswer: 'true' },
  ],
  totalQuestions: 2,
  submittedAt: '2026-03-02T10:00:00.000Z',
};

type Reply = { status?: number; body?: unknown; headers?: Record<string, string>; networkError?: boolean };

/** The server of a participant with `progress`; `submit` answers the submission. */
function serve(
  progress: Partial<ProgressResponse> | (() => Partial<ProgressResponse>) = { answers: bothSaved },
  submit: () => Reply = () => ({ status: 201, body: submitted }),
  extra: Record<string, () => Reply | Promise<Reply>> = {},
) {
  return mockApi({
    'GET user/progress': () => ({ body: progressOf(typeof progress === 'function' ? progress() : progress) }),
    'GET user/getquestion': { body: { message: 'ok', questions } },
    'POST user/submitanswer': () => submit(),
    ...extra,
  });
}

function renderSubmit() {
  return renderWithProviders(
    <Routes>
      <Route path="/submit" element={<SubmitScreen />} />
      <Route path="/consent-form" element={<p>consent form</p>} />
    </Routes>,
    { route: '/submit' },
  );
}

const queue = (...entries: { questionId: string; userAnswer: string }[]) =>
  localStorage.setItem(
    'pendingAnswers',
    JSON.stringify(entries.map((e, i) => ({ id: `p${i}`, questionSetVersion: 3, timeMs: 500, ...e }))),
  );

afterEach(() => answerQueue.clear());

test('shows how many questions are answered out of the total, from the server and this browser', async () => {
  queue({ questionId: 'q2', userAnswer: 'false' });
  serve({ answers: [savedAnswer('q1', 'Paris')] }, undefined, {
    'POST user/answer': () => saveReply([]),
  });
  renderSubmit();
  expect(screen.getByText('Loading your responses...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Submit your answers' })).toBeInTheDocument();
  expect(screen.getByText(/You have answered/)).toHaveTextContent('You have answered 2 of 2 questions.');
  expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
});

test('submitting sends the saved answers, the details and the question set version, then shows the submitted responses', async () => {
  for (const key of ['previousAnswers', 'answerdata', 'scoreResults']) localStorage.setItem(key, '[]');
  localStorage.setItem('UserData', JSON.stringify({ name: 'Ada', email: 'ada@example.com', phone: '0300' }));
  const { calls } = serve();
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Your responses have been submitted' })).toHaveFocus();
  expect(calls.find((c) => c.path === 'user/submitanswer')?.body).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    contactno: '03001234567',
    answers: [
      { questionId: 'q1', userAnswer: 'Paris' },
      { questionId: 'q2', userAnswer: 'true' },
    ],
    questionSetVersion: 3,
  });
  expect(screen.getByText('Your answers have been submitted')).toBeInTheDocument();
  expect(screen.getByText('Total questions answered: 2')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue to final assessment' })).toHaveAttribute('href', '/complaint-list');
  expect(screen.getByRole('link', { name: 'Finish without the final assessment' })).toHaveAttribute(
    'href',
    '/Thankyou',
  );
  for (const key of ['previousAnswers', 'answerdata', 'scoreResults']) expect(localStorage.getItem(key)).toBeNull();
  expect(localStorage.getItem('UserData')).not.toBeNull();
});

test('submission sends the unsent answers first; offline it says so and keeps them, and once back online it goes through', async () => {
  queue({ questionId: 'q2', userAnswer: 'false' });
  let online = false;
  let saved = [savedAnswer('q1', 'Paris')];
  const { calls } = serve(
    () => ({ answers: saved }),
    () => ({ status: 201, body: submitted }),
    {
      'POST user/answer': () => {
        if (!online) return { networkError: true };
        saved = [savedAnswer('q1', 'Paris'), savedAnswer('q2', 'false')];
        return saveReply(saved);
      },
    },
  );
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(
    await screen.findByText('Network error. Please check your internet connection and try again.'),
  ).toBeInTheDocument();
  expect(screen.getByText('Offline — your answers will be sent when you are back online')).toBeInTheDocument();
  expect(calls.some((c) => c.path === 'user/submitanswer')).toBe(false);
  expect(JSON.parse(localStorage.getItem('pendingAnswers') ?? '[]')).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  online = true;
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Total questions answered: 2')).toBeInTheDocument();
  const sent = calls.find((c) => c.path === 'user/submitanswer')?.body as { answers: unknown[] };
  expect(sent.answers).toEqual([
    { questionId: 'q1', userAnswer: 'Paris' },
    { questionId: 'q2', userAnswer: 'false' },
  ]);
});

test('submission waits while the last answers are on their way', async () => {
  queue({ questionId: 'q2', userAnswer: 'false' });
  let release: () => void = () => {};
  let saved = [savedAnswer('q1', 'Paris')];
  const { calls } = serve(() => ({ answers: saved }), undefined, {
    'POST user/answer': () =>
      new Promise((resolve) => {
        release = () => {
          saved = [savedAnswer('q1', 'Paris'), savedAnswer('q2', 'false')];
          resolve(saveReply(saved));
        };
      }),
  });
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(screen.getByText('Sending your last answers before submitting...')).toBeInTheDocument();
  expect(calls.some((c) => c.path === 'user/submitanswer')).toBe(false);
  act(() => release());
  expect(await screen.findByText('Total questions answered: 2')).toBeInTheDocument();
});

test('without details anywhere the name falls back to Guest User and email and contact to Not Provided', async () => {
  const { calls } = serve({ answers: bothSaved, participant: { name: '', email: '', phone: '' } });
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  await screen.findByText('Total questions answered: 2');
  expect(calls.find((c) => c.path === 'user/submitanswer')?.body).toMatchObject({
    name: 'Guest User',
    email: 'Not Provided',
    contactno: 'Not Provided',
  });
});

test('Review answers opens the quiz at question 1 (the review request), not at the last question', async () => {
  serve();
  function QuizProbe() {
    const { state } = useLocation();
    return <p>{isReviewFromStart(state) ? 'quiz from question 1' : 'quiz where it stands'}</p>;
  }
  renderWithProviders(
    <Routes>
      <Route path="/submit" element={<SubmitScreen />} />
      <Route path="/question" element={<QuizProbe />} />
    </Routes>,
    { route: '/submit' },
  );
  await userEvent.click(await screen.findByRole('link', { name: 'Review answers' }));
  expect(await screen.findByText('quiz from question 1')).toBeInTheDocument();
});

test('every question must be answered: the alert counts what remains and nothing is sent', async () => {
  const { calls } = serve({ answers: [savedAnswer('q1', 'Paris')] });
  renderSubmit();
  expect(await screen.findByText(/You have answered/)).toHaveTextContent('You have answered 1 of 2 questions.');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(screen.getByText('Please answer all questions. 1 questions remaining.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to questions' })).toHaveAttribute('href', '/question');
  expect(calls.some((c) => c.path === 'user/submitanswer')).toBe(false);
});

test("a failed submission shows the server's message, and Submit can be pressed again", async () => {
  let fail = true;
  const { calls } = serve(undefined, () =>
    fail ? { status: 422, body: { message: 'The quiz has changed, please reload' } } : { body: submitted },
  );
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('The quiz has changed, please reload')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Total questions answered: 2')).toBeInTheDocument();
  expect(calls.filter((c) => c.path === 'user/submitanswer')).toHaveLength(2);
});

test('a token the server no longer takes (401) offers the resume code and the details, never a log-in', async () => {
  serve(undefined, () => ({ status: 401, body: { message: 'Invalid token' } }));
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Your session on this device has ended')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute('href', '/resume');
  expect(screen.getByRole('link', { name: 'Enter your details' })).toHaveAttribute('href', '/');
  expect(screen.queryByText(/log in/i)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('a refusal for too many attempts says how long to wait', async () => {
  serve(undefined, () => ({ status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '20' } }));
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Too many attempts. Please wait 20 seconds and try again.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('a submission refused for want of consent sends the participant to the consent form', async () => {
  serve(undefined, () => consentRequiredReply);
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('consent form')).toBeInTheDocument();
});

test('a participant without consent is sent to the consent form', async () => {
  serve({ consent: null, stage: 'entered' });
  renderSubmit();
  expect(await screen.findByText('consent form')).toBeInTheDocument();
});

test('with no answers anywhere, Go to Quiz replaces Submit', async () => {
  serve({ answers: [] });
  renderSubmit();
  expect(await screen.findByRole('link', { name: 'Go to Quiz' })).toHaveAttribute('href', '/question');
  expect(screen.getByText('You have not answered any questions yet.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
});

test('when the progress cannot be loaded the page says no quiz results are available, with Retry', async () => {
  let fail = true;
  mockApi({
    'GET user/progress': () =>
      fail ? { status: 500, body: { message: 'boom' } } : { body: progressOf({ answers: bothSaved }) },
    'GET user/getquestion': { body: { message: 'ok', questions } },
  });
  renderSubmit();
  expect(
    await screen.findByText('No quiz results available. Please take the quiz first to see your results.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Quiz' })).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('button', { name: 'Submit' })).toBeInTheDocument();
});

test('a browser whose session does not hold the participant is told so and offered the resume code', async () => {
  mockApi({ 'GET user/progress': { status: 403, body: { message: startedElsewhereMessage } } });
  renderSubmit();
  expect(await screen.findByText(startedElsewhereMessage)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute('href', '/resume');
});

test('after submission /submit shows the submitted state with the way on, never the form', async () => {
  serve({ answers: bothSaved, stage: 'submitted', submittedAt: '2026-03-02T11:00:00.000Z' });
  renderSubmit();
  expect(
    await screen.findByRole('heading', { level: 1, name: 'You have already submitted your answers' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue to final assessment' })).toHaveAttribute('href', '/complaint-list');
  expect(screen.getByRole('link', { name: 'Go to the thank-you page' })).toHaveAttribute('href', '/thankyou');
  expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
});

test('answers submitted meanwhile in another tab show as submitted instead of a second submission', async () => {
  let submittedElsewhere = false;
  const { calls } = serve(() =>
    submittedElsewhere
      ? { answers: bothSaved, stage: 'submitted', submittedAt: '2026-03-02T11:00:00.000Z' }
      : { answers: bothSaved },
  );
  renderSubmit();
  const submit = await screen.findByRole('button', { name: 'Submit' });
  submittedElsewhere = true;
  await userEvent.click(submit);
  expect(await screen.findByText('You have already submitted your answers')).toBeInTheDocument();
  expect(calls.some((c) => c.path === 'user/submitanswer')).toBe(false);
});

test('the Submit button waits while the answers are sent, without a second submission', async () => {
  const { calls } = serve();
  renderSubmit();
  await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(screen.getByText('Total questions answered: 2')).toBeInTheDocument());
  expect(calls.filter((c) => c.path === 'user/submitanswer')).toHaveLength(1);
});
