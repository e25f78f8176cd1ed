import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { useAuthStore, type ParticipantQuestion, type ProgressResponse } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { answerQueue } from '../../lib/answer-queue';
import { reviewFromStart } from '../../lib/quiz-review';
import {
  consentRequiredReply,
  progressOf,
  saveReply,
  savedAnswer,
  startedElsewhereMessage,
} from '../../testing/progress';
import { QuizScreen } from './quiz-screen';

const q = (id: string, question: string, questionType: string, options: string[] = []) =>
  ({ _id: id, question, questionType, options, category: null }) as ParticipantQuestion;

const capital = q('q1', 'What is the capital of France?', 'mcq', ['Paris', 'Rome', 'Madrid', 'Berlin']);
const sky = q('q2', 'The sky is blue.', 'truefalse');
const blank = q('q3', 'Water boils at ___ degrees.', 'fillblanks');
const questions = [capital, sky, blank];

function renderQuiz(route: string | { pathname: string; state?: unknown } = '/question') {
  return renderWithProviders(
    <Routes>
      <Route path="/question" element={<QuizScreen />} />
      <Route path="/questions" element={<QuizScreen />} />
      <Route path="/submit" element={<p>submit screen</p>} />
      <Route path="/consent-form" element={<p>consent form</p>} />
      <Route path="/" element={<p>details form</p>} />
    </Routes>,
    { route },
  );
}

type Reply = { status?: number; body?: unknown; networkError?: boolean };

/** The server of a participant with `progress`, answering the questions of their set and saving answers. */
function serve(
  progress: Partial<ProgressResponse> = {},
  {
    set = questions,
    save = (body: unknown): Reply => {
      const { questionId, userAnswer } = body as { questionId: string; userAnswer: string };
      return saveReply([savedAnswer(questionId, userAnswer)]);
    },
  }: { set?: ParticipantQuestion[]; save?: (body: unknown) => Reply | Promise<Reply> } = {},
) {
  return mockApi({
    'GET user/progress': { body: progressOf(progress) },
    'GET user/getquestion': { body: { message: 'ok', questions: set } },
    'POST user/answer': ({ body }) => save(body),
  });
}

const queued = () => JSON.parse(localStorage.getItem('pendingAnswers') ?? '[]') as Record<string, unknown>[];
const saves = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === 'user/answer').map((c) => c.body);

beforeEach(() => {
  useAuthStore.setState({ userAuth: false, user: null, token: null });
  localStorage.setItem('participantToken', 'ptok');
});
afterEach(() => answerQueue.clear());

test('while the progress and questions load a spinner reads Loading Questions..., then the first question shows', async () => {
  const { calls } = serve();
  renderQuiz();
  expect(screen.getByText('Loading Questions...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'What is the capital of France?' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Test Progress' })).toBeInTheDocument();
  expect(screen.getByText('1 of 3')).toBeInTheDocument();
  expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
  expect(screen.getByText('0% Complete')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Test progress' })).toHaveAttribute('aria-valuenow', '0');
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // The participant's pinned question set, not the current one.
  const questionCall = calls.find((c) => c.path === 'user/getquestion');
  expect(questionCall?.url.searchParams.get('version')).toBe('3');
});

test('/questions is the same test-taking screen', async () => {
  serve();
  renderQuiz('/questions');
  expect(await screen.findByText('Question 1 of 3')).toBeInTheDocument();
});

test('the quiz resumes at the first unanswered question, with the saved answers chosen', async () => {
  serve({ answers: [savedAnswer('q1', 'Madrid'), savedAnswer('q2', 'true')] });
  renderQuiz();
  expect(await screen.findByText('Question 3 of 3')).toBeInTheDocument();
  expect(screen.getByText('67% Complete')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByRole('button', { name: 'True' })).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByRole('button', { name: 'Madrid' })).toHaveAttribute('aria-pressed', 'true');
});

test('a question skipped on another device is where the quiz resumes, even with later ones answered', async () => {
  serve({ answers: [savedAnswer('q1', 'Paris'), savedAnswer('q3', '100')] });
  renderQuiz();
  expect(await screen.findByText('Question 2 of 3')).toBeInTheDocument();
});

test("a load failure shows the server's message, and Retry loads the quiz", async () => {
  let fail = true;
  mockApi({
    'GET user/progress': () =>
      fail ? { status: 500, body: { message: 'Progress is unavailable right now' } } : { body: progressOf() },
    'GET user/getquestion': { body: { message: 'ok', questions } },
  });
  renderQuiz();
  expect(await screen.findByText('Progress is unavailable right now')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Question 1 of 3')).toBeInTheDocument();
});

test('a refusal to wait (429) while loading says how long to wait', async () => {
  mockApi({ 'GET user/progress': { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '30' } } });
  renderQuiz();
  expect(await screen.findByText('Too many attempts. Please wait 30 seconds and try again.')).toBeInTheDocument();
});

test('a browser whose session does not hold the participant is told so and offered the resume code', async () => {
  mockApi({ 'GET user/progress': { status: 403, body: { message: startedElsewhereMessage } } });
  renderQuiz();
  expect(await screen.findByText(startedElsewhereMessage)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute('href', '/resume');
});

test('a token the server no longer takes (401) offers the resume code and the details form', async () => {
  mockApi({ 'GET user/progress': { status: 401, body: { message: 'Invalid token' } } });
  renderQuiz();
  expect(await screen.findByText('Your session on this device has ended')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute('href', '/resume');
  expect(screen.getByRole('link', { name: 'Enter your details' })).toHaveAttribute('href', '/');
});

test('saves refused because another device holds the participant say so, with the way on', async () => {
  serve({}, { save: () => ({ status: 403, body: { message: startedElsewhereMessage } }) });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  expect(await screen.findByText(startedElsewhereMessage)).toBeInTheDocument();
  expect(screen.getByText('Not saved')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toBeInTheDocument();
  expect(queued()).toHaveLength(1);
});

test('multiple choice options are lettered A to D; a click moves on at once and the answer is saved behind it', async () => {
  let answered: (reply: Reply) => void = () => {};
  const { calls } = serve({}, { save: () => new Promise<Reply>((resolve) => (answered = resolve)) });
  renderQuiz();
  const group = await screen.findByRole('group', { name: 'Answer options' });
  const options = within(group).getAllByRole('button');
  expect(options.map((b) => b.textContent)).toEqual(['AParis', 'BRome', 'CMadrid', 'DBerlin']);
  await userEvent.click(screen.getByRole('button', { name: 'Paris' }));
  // The next question is on screen while the save is still on its way.
  expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
  expect(screen.getByText('33% Complete')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'The sky is blue.' })).toHaveFocus();
  await waitFor(() => expect(saves(calls)).toHaveLength(1));
  expect(saves(calls)[0]).toEqual({
    questionId: 'q1',
    userAnswer: 'Paris',
    questionSetVersion: 3,
    timeMs: expect.any(Number),
  });
  expect(screen.getByText('Saving…')).toBeInTheDocument();
  expect(queued()).toHaveLength(1);
  act(() => answered(saveReply([savedAnswer('q1', 'Paris')])));
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(queued()).toEqual([]);
});

test('the time sent with a save is the time spent on the question since it was shown', async () => {
  const { calls } = serve();
  const now = jest.spyOn(Date, 'now');
  now.mockReturnValue(1_000_000);
  renderQuiz();
  await screen.findByText('Question 1 of 3');
  now.mockReturnValue(1_004_500);
  await userEvent.click(screen.getByRole('button', { name: 'Rome' }));
  await waitFor(() => expect(saves(calls)).toHaveLength(1));
  expect(saves(calls)[0]).toMatchObject({ questionId: 'q1', timeMs: 4500 });
});

test('true/false records the text true or false, and an unknown type is answered as true/false', async () => {
  const odd = q('q9', 'Unknown kind?', 'essay', ['ignored']);
  const { calls } = serve({}, { set: [sky, odd, capital] });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'False' }));
  expect(screen.getByRole('heading', { name: 'Unknown kind?' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'ignored' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'True' }));
  await waitFor(() => expect(saves(calls)).toHaveLength(2));
  expect(saves(calls)).toEqual([
    expect.objectContaining({ questionId: 'q2', userAnswer: 'false' }),
    expect.objectContaining({ questionId: 'q9', userAnswer: 'true' }),
  ]);
});

test('a fill-in answer needs text: Submit Answer is disabled while blank and Enter submits the trimmed text', async () => {
  const { calls } = serve({}, { set: [blank, sky] });
  renderQuiz();
  const input = await screen.findByLabelText('Enter your answer:');
  expect(input).toHaveAttribute('placeholder', 'Type your answer here...');
  const submit = screen.getByRole('button', { name: 'Submit Answer' });
  expect(submit).toBeDisabled();
  await userEvent.type(input, '   ');
  expect(submit).toBeDisabled();
  await userEvent.type(input, ' 100 {Enter}');
  expect(screen.getByText('Question 2 of 2')).toBeInTheDocument();
  await waitFor(() => expect(saves(calls)).toEqual([expect.objectContaining({ questionId: 'q3', userAnswer: '100' })]));
});

test('typed text and the chosen option start afresh on the next question', async () => {
  const second = q('q4', 'Ice melts at ___ degrees.', 'fill_in_the_blanks');
  serve({}, { set: [blank, second] });
  renderQuiz();
  await userEvent.type(await screen.findByLabelText('Enter your answer:'), '100');
  await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
  expect(screen.getByRole('heading', { name: 'Ice melts at ___ degrees.' })).toBeInTheDocument();
  expect(screen.getByLabelText('Enter your answer:')).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
});

test('going back shows the earlier choice, and answering again saves the new answer', async () => {
  const { calls } = serve();
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Rome' }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Rome' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Paris' })).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(screen.getByRole('button', { name: 'Paris' }));
  expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
  await waitFor(() => expect(saves(calls)).toHaveLength(2));
  expect(saves(calls)[1]).toMatchObject({ questionId: 'q1', userAnswer: 'Paris' });
});

test('offline, answers are queued in storage and the quiz goes on; back online they are sent', async () => {
  let online = false;
  const { calls } = serve(
    {},
    {
      save: (body) =>
        online ? saveReply([savedAnswer('q1', 'Paris'), savedAnswer('q2', 'true')]) : { networkError: true, body },
    },
  );
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  expect(await screen.findByText('Offline — your answers will be sent when you are back online')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'True' }));
  expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
  expect(queued()).toEqual([
    expect.objectContaining({ questionId: 'q1', userAnswer: 'Paris', questionSetVersion: 3 }),
    expect.objectContaining({ questionId: 'q2', userAnswer: 'true', questionSetVersion: 3 }),
  ]);
  const failed = saves(calls).length;
  online = true;
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(queued()).toEqual([]);
  expect(saves(calls).slice(failed)).toEqual([
    expect.objectContaining({ questionId: 'q1', userAnswer: 'Paris' }),
    expect.objectContaining({ questionId: 'q2', userAnswer: 'true' }),
  ]);
});

test('a reload keeps the unsent answers: they are shown over the saved ones and sent', async () => {
  localStorage.setItem(
    'pendingAnswers',
    JSON.stringify([{ id: 'a', questionId: 'q2', userAnswer: 'false', questionSetVersion: 3, timeMs: 800 }]),
  );
  const { calls } = serve({ answers: [savedAnswer('q1', 'Paris'), savedAnswer('q2', 'true')] });
  renderQuiz();
  expect(await screen.findByText('Question 3 of 3')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByRole('button', { name: 'False' })).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(queued()).toEqual([]));
  expect(saves(calls)).toEqual([{ questionId: 'q2', userAnswer: 'false', questionSetVersion: 3, timeMs: 800 }]);
});

test('a failing server (5xx) is retried, and the header says so', async () => {
  serve({}, { save: () => ({ status: 503, body: { message: 'Busy' } }) });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  expect(await screen.findByText("Couldn't save, retrying")).toBeInTheDocument();
  expect(queued()).toHaveLength(1);
});

test("another tab's answers arrive with a save's reply, but never over the question on screen", async () => {
  serve(
    {},
    {
      // The other tab answered q2 and q3 meanwhile.
      save: () => saveReply([savedAnswer('q1', 'Paris'), savedAnswer('q2', 'false'), savedAnswer('q3', '212')]),
    },
  );
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  // On screen: q2, left as this tab shows it.
  expect(screen.getByRole('button', { name: 'False' })).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(screen.getByRole('button', { name: 'True' }));
  // q3 came from the other tab.
  expect(screen.getByLabelText('Enter your answer:')).toHaveValue('212');
});

test('later saves ask only for the answers saved since the reply before, and the other tab’s among them are taken', async () => {
  let n = 0;
  const { calls } = serve(
    {},
    {
      save: (body) => {
        const { questionId, userAnswer } = body as { questionId: string; userAnswer: string };
        n += 1;
        // The other tab answers q1 again between this tab's two saves.
        const answers = [savedAnswer(questionId, userAnswer), ...(n === 2 ? [savedAnswer('q1', 'Rome')] : [])];
        return { body: { savedAt: `2026-03-02T10:00:0${n}.000Z`, answers } };
      },
    },
  );
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'True' }));
  await waitFor(() => expect(saves(calls)).toHaveLength(2));
  // The progress was read first: the first save asks for every answer, the next since its reply.
  expect(saves(calls)).toEqual([
    { questionId: 'q1', userAnswer: 'Paris', questionSetVersion: 3, timeMs: expect.any(Number) },
    {
      questionId: 'q2',
      userAnswer: 'true',
      questionSetVersion: 3,
      timeMs: expect.any(Number),
      since: '2026-03-02T10:00:01.000Z',
    },
  ]);
  await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByRole('button', { name: 'Rome' })).toHaveAttribute('aria-pressed', 'true');
});

test('another tab’s answer to the question on screen is taken with a later reply once the question is left', async () => {
  let reply: (r: Reply) => void = () => {};
  serve({}, { save: () => new Promise<Reply>((resolve) => (reply = resolve)) });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  // On q2 when q1's reply comes: the other tab's answer to q2 is not put over the screen.
  act(() => reply(saveReply([savedAnswer('q1', 'Paris'), savedAnswer('q2', 'false')])));
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'False' })).toHaveAttribute('aria-pressed', 'false');
  // Back to q1 and answered again: its reply lists only that save, and q2 takes the other tab's answer.
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await userEvent.click(screen.getByRole('button', { name: 'Rome' }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  act(() => reply(saveReply([savedAnswer('q1', 'Rome')])));
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('button', { name: 'False' })).toHaveAttribute('aria-pressed', 'true');
});

test('an answer queued here is not replaced by the other tab’s answer to the same question', async () => {
  let reply: (r: Reply) => void = () => {};
  serve({}, { save: () => new Promise<Reply>((resolve) => (reply = resolve)) });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  // q2 answered here while q1's save is on its way: q2's save waits in the queue.
  await userEvent.click(screen.getByRole('button', { name: 'True' }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
  act(() => reply(saveReply([savedAnswer('q1', 'Paris'), savedAnswer('q2', 'false')])));
  await userEvent.click(screen.getByRole('button', { name: 'Paris' }));
  expect(screen.getByRole('button', { name: 'True' })).toHaveAttribute('aria-pressed', 'true');
});

test('a participant without consent is sent to the consent form', async () => {
  serve({ consent: null, stage: 'entered' });
  renderQuiz();
  expect(await screen.findByText('consent form')).toBeInTheDocument();
});

test('a save refused for want of consent sends the participant to the consent form, keeping the answer', async () => {
  serve({}, { save: () => consentRequiredReply });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  expect(await screen.findByText('consent form')).toBeInTheDocument();
  expect(queued()).toEqual([expect.objectContaining({ questionId: 'q1', userAnswer: 'Paris' })]);
});

test('after submission /question shows the submitted state, never the quiz', async () => {
  serve({
    stage: 'submitted',
    answers: [savedAnswer('q1', 'Paris')],
    submittedAt: '2026-03-02T11:00:00.000Z',
  });
  renderQuiz();
  expect(
    await screen.findByRole('heading', { level: 1, name: 'You have already submitted your answers' }),
  ).toBeInTheDocument();
  expect(screen.getByText(/submitted on 2 Mar 2026/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue to final assessment' })).toHaveAttribute('href', '/complaint-list');
  expect(screen.getByRole('link', { name: 'Go to the thank-you page' })).toHaveAttribute('href', '/thankyou');
  expect(screen.queryByText('Test Progress')).not.toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Answer options' })).not.toBeInTheDocument();
});

test('once the concerns are done too, only the thank-you page is offered', async () => {
  serve({
    stage: 'concerns-done',
    submittedAt: '2026-03-02T11:00:00.000Z',
    concernsSubmittedAt: '2026-03-02T11:05:00.000Z',
  });
  renderQuiz();
  expect(await screen.findByRole('link', { name: 'Go to the thank-you page' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Continue to final assessment' })).not.toBeInTheDocument();
});

test('a save refused because the answers were submitted meanwhile (409) shows the submitted state', async () => {
  let submitted = false;
  mockApi({
    'GET user/progress': () => ({
      body: progressOf(submitted ? { stage: 'submitted', submittedAt: '2026-03-02T11:00:00.000Z' } : {}),
    }),
    'GET user/getquestion': { body: { message: 'ok', questions } },
    'POST user/answer': () => {
      submitted = true;
      return { status: 409, body: { message: 'Your answers have already been submitted' } };
    },
  });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
  expect(await screen.findByText('You have already submitted your answers')).toBeInTheDocument();
});

test('answering the last question goes to /submit, its save going on behind', async () => {
  const { calls } = serve(
    { answers: [savedAnswer('q2', 'true'), savedAnswer('q3', '100')] },
    { set: [blank, sky, capital] },
  );
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Berlin' }));
  expect(await screen.findByText('submit screen')).toBeInTheDocument();
  await waitFor(() =>
    expect(saves(calls)).toEqual([expect.objectContaining({ questionId: 'q1', userAnswer: 'Berlin' })]),
  );
});

test('with every question answered, Review and submit leads to /submit', async () => {
  serve({ answers: [savedAnswer('q1', 'Paris'), savedAnswer('q2', 'true'), savedAnswer('q3', '100')] });
  renderQuiz();
  expect(await screen.findByText('Question 3 of 3')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Review and submit' })).toHaveAttribute('href', '/submit');
});

describe('Next and the question navigator', () => {
  const everyAnswer = [savedAnswer('q1', 'Paris'), savedAnswer('q2', 'true'), savedAnswer('q3', '100')];
  const navigator = () => within(screen.getByRole('navigation', { name: 'Questions' }));

  test('Next steps through answered questions without answering them again, and waits on an open one', async () => {
    const { calls } = serve({ answers: [savedAnswer('q1', 'Madrid'), savedAnswer('q2', 'true')] });
    renderQuiz();
    expect(await screen.findByText('Question 3 of 3')).toBeInTheDocument();
    // The question on screen has no answer yet: Next waits for one.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'True' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: 'The sky is blue.' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(saves(calls)).toEqual([]);
  });

  test('Next is not offered past the last question', async () => {
    serve({ answers: everyAnswer });
    renderQuiz();
    expect(await screen.findByText('Question 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Review and submit' })).toHaveAttribute('href', '/submit');
  });

  test('the navigator opens any answered question and the first open one, not the ones after it', async () => {
    const fourth = q('q4', 'Ice floats.', 'truefalse');
    const { calls } = serve(
      { answers: [savedAnswer('q1', 'Rome'), savedAnswer('q2', 'false')] },
      {
        set: [...questions, fourth],
      },
    );
    renderQuiz();
    expect(await screen.findByText('Question 3 of 4')).toBeInTheDocument();
    const current = navigator().getByRole('button', { name: 'Question 3, not answered' });
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(navigator().getByRole('button', { name: 'Question 4, not answered' })).toBeDisabled();
    await userEvent.click(navigator().getByRole('button', { name: 'Question 1, answered' }));
    expect(screen.getByText('Question 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rome' })).toHaveAttribute('aria-pressed', 'true');
    expect(navigator().getByRole('button', { name: 'Question 1, answered' })).toHaveAttribute('aria-current', 'step');
    // Back to where the quiz stands, the first question without an answer.
    await userEvent.click(navigator().getByRole('button', { name: 'Question 3, not answered' }));
    expect(screen.getByText('Question 3 of 4')).toBeInTheDocument();
    expect(saves(calls)).toEqual([]);
  });

  test('a question answered here becomes reachable in the navigator at once', async () => {
    serve();
    renderQuiz();
    await userEvent.click(await screen.findByRole('button', { name: 'Berlin' }));
    expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
    await userEvent.click(navigator().getByRole('button', { name: 'Question 1, answered' }));
    expect(screen.getByRole('button', { name: 'Berlin' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the navigator is used with the keyboard: Tab reaches a question, Enter opens it', async () => {
    serve({ answers: [savedAnswer('q1', 'Paris')] });
    renderQuiz();
    expect(await screen.findByText('Question 2 of 3')).toBeInTheDocument();
    navigator().getByRole('button', { name: 'Question 2, not answered' }).focus();
    await userEvent.tab({ shift: true });
    expect(navigator().getByRole('button', { name: 'Question 1, answered' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What is the capital of France?' })).toHaveFocus();
  });

  test('Review answers on /submit starts at question 1, and Next leads back to Submit without answering again', async () => {
    const { calls } = serve({ answers: everyAnswer });
    // /submit's Review answers is a link to the quiz with reviewFromStart.
    renderWithProviders(
      <Routes>
        <Route path="/question" element={<QuizScreen />} />
        <Route
          path="/submit"
          element={
            <Link to="/question" state={reviewFromStart}>
              Review answers
            </Link>
          }
        />
      </Routes>,
      { route: '/submit' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Review answers' }));
    expect(await screen.findByText('Question 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Paris' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByLabelText('Enter your answer:')).toHaveValue('100');
    await userEvent.click(screen.getByRole('link', { name: 'Review and submit' }));
    expect(await screen.findByRole('link', { name: 'Review answers' })).toBeInTheDocument();
    expect(saves(calls)).toEqual([]);
  });

  test('without the review request the quiz resumes where it stands, the last question when all are answered', async () => {
    serve({ answers: everyAnswer });
    renderQuiz();
    expect(await screen.findByText('Question 3 of 3')).toBeInTheDocument();
  });

  test('the navigator jumps straight from question 1 back to the last one during a review', async () => {
    serve({ answers: everyAnswer });
    renderQuiz({ pathname: '/question', state: { review: true } });
    expect(await screen.findByText('Question 1 of 3')).toBeInTheDocument();
    await userEvent.click(navigator().getByRole('button', { name: 'Question 3, answered' }));
    expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review and submit' })).toBeInTheDocument();
  });
});

test('the resume code is shown with what it is for', async () => {
  serve();
  renderQuiz();
  await screen.findByText('Question 1 of 3');
  expect(screen.getByText(/use it with your email to continue on another device/, { selector: 'p' })).toHaveTextContent(
    'Resume code: K7QM2-XPD4R — use it with your email to continue on another device',
  );
});

test('the answer buttons are reached with Tab and chosen with Enter or Space', async () => {
  serve();
  renderQuiz();
  await screen.findByText('Question 1 of 3');
  // The header's Logout comes first.
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
  await userEvent.tab();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Rome' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'True' })).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
});

describe('Logout', () => {
  function keepDetails() {
    localStorage.setItem('UserData', JSON.stringify({ name: 'Ada', email: 'ada@example.com', phone: '0300' }));
  }

  test('after a confirmation that says the progress stays on the server, forgets this device and goes to /', async () => {
    keepDetails();
    serve();
    renderQuiz();
    await screen.findByText('Question 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out on this device?' });
    expect(within(dialog).getByText(/Your progress is saved on the server/)).toHaveTextContent(
      'use your email and your resume code K7QM2-XPD4R',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('details form')).toBeInTheDocument();
    expect(localStorage.getItem('participantToken')).toBeNull();
    expect(localStorage.getItem('UserData')).toBeNull();
  });

  test('Cancel keeps the participant where they are', async () => {
    serve();
    renderQuiz();
    await screen.findByText('Question 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('participantToken')).toBe('ptok');
  });

  test('unsent answers are sent first; when they cannot be, the participant is warned they would be lost', async () => {
    keepDetails();
    const { calls } = serve({}, { save: () => ({ networkError: true }) });
    renderQuiz();
    await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
    await screen.findByText('Offline — your answers will be sent when you are back online');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out on this device?' });
    expect(await within(dialog).findByText(/1 answer has not reached the server yet/)).toBeInTheDocument();
    expect(saves(calls).length).toBeGreaterThanOrEqual(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Log out anyway' }));
    expect(await screen.findByText('details form')).toBeInTheDocument();
    expect(queued()).toEqual([]);
    expect(localStorage.getItem('participantToken')).toBeNull();
  });

  test('unsent answers that go through while logging out need no warning', async () => {
    let online = false;
    serve({}, { save: () => (online ? saveReply([savedAnswer('q1', 'Paris')]) : { networkError: true }) });
    renderQuiz();
    await userEvent.click(await screen.findByRole('button', { name: 'Paris' }));
    await screen.findByText('Offline — your answers will be sent when you are back online');
    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out on this device?' });
    expect(await within(dialog).findByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(queued()).toEqual([]);
  });

  test('a signed-in participant account is signed out too, as the spec asks', async () => {
    localStorage.removeItem('participantToken');
    localStorage.setItem('token', 'tok');
    useAuthStore.setState({
      userAuth: true,
      token: 'tok',
      user: {
        _id: 'u1',
        name: 'Ada',
        email: 'ada@example.com',
        phoneNumber: '0300',
        role: 'user',
        createdAt: '',
        updatedAt: '',
      },
    });
    serve();
    renderQuiz();
    await screen.findByText('Question 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('details form')).toBeInTheDocument();
    expect(localStorage.getItem('@session_expired')).toBe('true');
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState().token).toBeNull();
  });

  test('there is no Logout for a visitor with neither a participant token nor an account', async () => {
    localStorage.removeItem('participantToken');
    serve();
    renderQuiz();
    await screen.findByText('Question 1 of 3');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });
});
