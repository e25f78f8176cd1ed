import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { SubmitScreen } from './submit-screen';

const questions = [
  { _id: 'q1', question: 'Capital of France?', questionType: 'mcq', options: ['Paris', 'Rome'], category: null },
  { _id: 'q2', question: 'The sky is blue.', questionType: 'truefalse', options: [], category: null },
];
const answers = [
  { questionId: 'q1', questionText: 'Capital of France?', userAnswer: 'Paris' },
  { questionId: 'q2', questionText: 'The sky is blue.', userAnswer: 'true' },
];
const submitted = {
  message: 'Your answers have been submitted',
  questions: answers.map((a) => ({ questionId: a.questionId, question: a.questionText, userAnswer: a.userAnswer })),
  totalQuestions: 2,
  submittedAt: '2026-03-02T10:00:00.000Z',
};

function saveQuiz(saved = answers) {
  localStorage.setItem('questions', JSON.stringify(questions));
  localStorage.setItem('answers', JSON.stringify(saved));
  localStorage.setItem(
    'UserData',
    JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', phone: '03001234567' }),
  );
}

const renderSubmit = (state?: unknown) =>
  renderWithProviders(<SubmitScreen />, { route: { pathname: '/submit', state }, path: '/submit' });

test('shows how many questions are answered out of the total', () => {
  saveQuiz();
  mockApi({});
  renderSubmit({ answers, total: 2 });
  expect(screen.getByRole('heading', { level: 1, name: 'Submit your answers' })).toBeInTheDocument();
  expect(screen.getByText(/You have answered/)).toHaveTextContent('You have answered 2 of 2 questions.');
  expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
});

test('submitting sends the participant details and answers, then shows the submitted responses and clears the saved quiz', async () => {
  saveQuiz();
  for (const key of ['previousAnswers', 'answerdata', 'scoreResults']) localStorage.setItem(key, '[]');
  localStorage.setItem('currentQuestionIndex', '1');
  const { calls } = mockApi({ 'POST user/submitanswer': { status: 201, body: submitted } });
  renderSubmit({ answers, total: 2 });
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Your responses have been submitted' })).toHaveFocus();
  expect(calls[0]).toMatchObject({
    path: 'user/submitanswer',
    body: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      contactno: '03001234567',
      answers: [
        { questionId: 'q1', userAnswer: 'Paris' },
        { questionId: 'q2', userAnswer: 'true' },
      ],
    },
  });
  expect(screen.getByText('Your answers have been submitted')).toBeInTheDocument();
  expect(screen.getByText('Total questions answered: 2')).toBeInTheDocument();
  expect(screen.getByText(/Thank you for completing the questionnaire/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue to final assessment' })).toHaveAttribute('href', '/complaint-list');
  expect(screen.getByRole('link', { name: 'Finish without the final assessment' })).toHaveAttribute(
    'href',
    '/Thankyou',
  );
  for (const key of ['questions', 'answers', 'currentQuestionIndex', 'previousAnswers', 'answerdata', 'scoreResults']) {
    expect(localStorage.getItem(key)).toBeNull();
  }
  expect(localStorage.getItem('UserData')).not.toBeNull();
});

test('without stored details the name falls back to Guest User and email and contact to Not Provided', async () => {
  const { calls } = mockApi({ 'POST user/submitanswer': { body: submitted } });
  renderSubmit({ answers, total: 2 });
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  await screen.findByText('Total questions answered: 2');
  expect(calls[0]?.body).toMatchObject({ name: 'Guest User', email: 'Not Provided', contactno: 'Not Provided' });
});

test('every question must be answered: the alert counts what remains and nothing is sent', async () => {
  saveQuiz([answers[0]!]);
  const { calls } = mockApi({});
  renderSubmit();
  expect(screen.getByText(/You have answered/)).toHaveTextContent('You have answered 1 of 2 questions.');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(screen.getByText('Please answer all questions. 1 questions remaining.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to questions' })).toHaveAttribute('href', '/question');
  expect(calls).toHaveLength(0);
});

test("a failed submission shows the server's message, keeps the answers, and Submit can be pressed again", async () => {
  saveQuiz();
  let fail = true;
  const { calls } = mockApi({
    'POST user/submitanswer': () =>
      fail ? { status: 422, body: { message: 'The quiz has changed, please reload' } } : { body: submitted },
  });
  renderSubmit({ answers, total: 2 });
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('The quiz has changed, please reload')).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem('answers') ?? '[]')).toEqual(answers);
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Total questions answered: 2')).toBeInTheDocument();
  expect(calls).toHaveLength(2);
});

test('an expired session says so', async () => {
  saveQuiz();
  mockApi({ 'POST user/submitanswer': { status: 401, body: { message: 'Unauthorized' } } });
  renderSubmit();
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('a refusal for too many attempts says how long to wait', async () => {
  saveQuiz();
  mockApi({
    'POST user/submitanswer': { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '20' } },
  });
  renderSubmit();
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Too many attempts. Please wait 20 seconds and try again.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('with no answers and no responses on the server, Go to Quiz replaces Submit', async () => {
  mockApi({
    'GET user/getuserresponse': {
      body: { message: 'ok', responses: [], submittedAt: null, concerns: [], concernsSubmittedAt: null },
    },
  });
  renderSubmit();
  expect(await screen.findByRole('link', { name: 'Go to Quiz' })).toHaveAttribute('href', '/question');
  expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
});

test('when responses cannot be loaded the page says no quiz results are available', async () => {
  mockApi({ 'GET user/getuserresponse': { status: 500, body: { message: 'boom' } } });
  renderSubmit();
  expect(
    await screen.findByText('No quiz results available. Please take the quiz first to see your results.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Quiz' })).toBeInTheDocument();
});

test('a participant who already submitted sees their submitted responses again', async () => {
  mockApi({
    'GET user/getuserresponse': {
      body: {
        message: 'ok',
        responses: submitted.questions,
        submittedAt: submitted.submittedAt,
        concerns: [],
        concernsSubmittedAt: null,
      },
    },
  });
  renderSubmit();
  expect(screen.getByText('Loading your responses...')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByText('Total questions answered: 2')).toBeInTheDocument());
});
