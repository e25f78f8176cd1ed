import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useAuthStore, type ParticipantQuestion } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { QuizScreen } from './quiz-screen';

const q = (id: string, question: string, questionType: string, options: string[] = []) =>
  ({ _id: id, question, questionType, options, category: null }) as ParticipantQuestion;

const capital = q('q1', 'What is the capital of France?', 'mcq', ['Paris', 'Rome', 'Madrid', 'Berlin']);
const sky = q('q2', 'The sky is blue.', 'truefalse');
const blank = q('q3', 'Water boils at ___ degrees.', 'fillblanks');
const questions = [capital, sky, blank];

/** Shows where the quiz went and what it handed over. */
function SubmitProbe() {
  const location = useLocation();
  return <pre data-testid="submit-state">{JSON.stringify(location.state)}</pre>;
}

function renderQuiz(route = '/question') {
  return renderWithProviders(
    <Routes>
      <Route path="/question" element={<QuizScreen />} />
      <Route path="/questions" element={<QuizScreen />} />
      <Route path="/submit" element={<SubmitProbe />} />
    </Routes>,
    { route },
  );
}

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

/** Renders the quiz as a reload finds it: these questions and answers stored, at question `index`. */
function resumeQuiz(saved: unknown[], answers: unknown[], index: number) {
  localStorage.setItem('questions', JSON.stringify(saved));
  localStorage.setItem('answers', JSON.stringify(answers));
  localStorage.setItem('currentQuestionIndex', String(index));
  renderQuiz();
}

beforeEach(() => useAuthStore.setState({ userAuth: false, user: null, token: null }));

test('while the questions load a spinner reads Loading Questions..., then the first question and its progress show', async () => {
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions } } });
  renderQuiz();
  expect(screen.getByText('Loading Questions...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'What is the capital of France?' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Test Progress' })).toBeInTheDocument();
  expect(screen.getByText('1 of 3')).toBeInTheDocument();
  expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
  expect(screen.getByText('0% Complete')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Test progress' })).toHaveAttribute('aria-valuenow', '0');
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
});

test('/questions is the same test-taking screen', async () => {
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions } } });
  renderQuiz('/questions');
  expect(await screen.findByText('Question 1 of 3')).toBeInTheDocument();
});

test("a load failure shows the server's message, and Retry loads the questions", async () => {
  let fail = true;
  mockApi({
    'GET user/getquestion': () =>
      fail
        ? { status: 500, body: { message: 'Questions are unavailable right now' } }
        : { body: { message: 'ok', questions } },
  });
  renderQuiz();
  expect(await screen.findByText('Questions are unavailable right now')).toBeInTheDocument();
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Question 1 of 3')).toBeInTheDocument();
});

test('multiple choice options are lettered A to D; a click records the answer, saves progress and moves on', async () => {
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions } } });
  renderQuiz();
  const group = await screen.findByRole('group', { name: 'Answer options' });
  const options = within(group).getAllByRole('button');
  expect(options.map((b) => b.textContent)).toEqual(['AParis', 'BRome', 'CMadrid', 'DBerlin']);
  await userEvent.click(screen.getByRole('button', { name: 'Paris' }));
  expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
  expect(screen.getByText('2 of 3')).toBeInTheDocument();
  expect(screen.getByText('33% Complete')).toBeInTheDocument();
  expect(stored('answers')).toEqual([
    { questionId: 'q1', questionText: 'What is the capital of France?', userAnswer: 'Paris' },
  ]);
  expect(stored('questions')).toEqual(questions);
  expect(localStorage.getItem('currentQuestionIndex')).toBe('1');
  expect(screen.getByRole('heading', { name: 'The sky is blue.' })).toHaveFocus();
});

test('true/false records the text true or false, and an unknown type is answered as true/false', async () => {
  const odd = q('q9', 'Unknown kind?', 'essay', ['ignored']);
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions: [sky, odd, capital] } } });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'False' }));
  expect(screen.getByRole('heading', { name: 'Unknown kind?' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'ignored' })).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'True' }));
  expect(stored('answers')).toEqual([
    { questionId: 'q2', questionText: 'The sky is blue.', userAnswer: 'false' },
    { questionId: 'q9', questionText: 'Unknown kind?', userAnswer: 'true' },
  ]);
});

test('a fill-in answer needs text: Submit Answer is disabled while blank and Enter submits the trimmed text', async () => {
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions: [blank, sky] } } });
  renderQuiz();
  const input = await screen.findByLabelText('Enter your answer:');
  expect(input).toHaveAttribute('placeholder', 'Type your answer here...');
  const submit = screen.getByRole('button', { name: 'Submit Answer' });
  expect(submit).toBeDisabled();
  await userEvent.type(input, '   ');
  expect(submit).toBeDisabled();
  await userEvent.type(input, ' 100 {Enter}');
  expect(screen.getByText('Question 2 of 2')).toBeInTheDocument();
  expect(stored('answers')).toEqual([
    { questionId: 'q3', questionText: 'Water boils at ___ degrees.', userAnswer: '100' },
  ]);
});

test('typed text and the chosen option start afresh on the next question', async () => {
  const second = q('q4', 'Ice melts at ___ degrees.', 'fill_in_the_blanks');
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions: [blank, second] } } });
  renderQuiz();
  await userEvent.type(await screen.findByLabelText('Enter your answer:'), '100');
  await userEvent.click(screen.getByRole('button', { name: 'Submit Answer' }));
  expect(screen.getByRole('heading', { name: 'Ice melts at ___ degrees.' })).toBeInTheDocument();
  expect(screen.getByLabelText('Enter your answer:')).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Submit Answer' })).toBeDisabled();
});

test('going back shows the earlier choice, and answering again replaces it', async () => {
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions } } });
  renderQuiz();
  await userEvent.click(await screen.findByRole('button', { name: 'Rome' }));
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByText('Question 1 of 3')).toBeInTheDocument();
  expect(localStorage.getItem('currentQuestionIndex')).toBe('0');
  expect(screen.getByRole('button', { name: 'Rome' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('button', { name: 'Paris' })).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(screen.getByRole('button', { name: 'Paris' }));
  expect(stored('answers')).toEqual([
    { questionId: 'q1', questionText: 'What is the capital of France?', userAnswer: 'Paris' },
  ]);
  expect(screen.getByText('Question 2 of 3')).toBeInTheDocument();
});

test('a reload resumes on the saved question with earlier answers kept, without fetching again', async () => {
  const { calls } = mockApi({});
  resumeQuiz(
    questions,
    [
      { questionId: 'q1', questionText: capital.question, userAnswer: 'Madrid' },
      { questionId: 'q2', questionText: sky.question, userAnswer: 'true' },
    ],
    2,
  );
  expect(screen.getByText('Question 3 of 3')).toBeInTheDocument();
  expect(screen.getByText('67% Complete')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByRole('button', { name: 'True' })).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByRole('button', { name: 'Madrid' })).toHaveAttribute('aria-pressed', 'true');
  expect(calls).toHaveLength(0);
});

test('a saved fill-in answer is shown again when going back to it', async () => {
  mockApi({});
  resumeQuiz([blank, sky], [{ questionId: 'q3', questionText: blank.question, userAnswer: '100' }], 1);
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByLabelText('Enter your answer:')).toHaveValue('100');
});

test('answering the last question goes to /submit with the answers and total, forgetting only the position', async () => {
  mockApi({});
  resumeQuiz([capital, sky], [{ questionId: 'q1', questionText: capital.question, userAnswer: 'Paris' }], 1);
  await userEvent.click(screen.getByRole('button', { name: 'True' }));
  const answers = [
    { questionId: 'q1', questionText: capital.question, userAnswer: 'Paris' },
    { questionId: 'q2', questionText: sky.question, userAnswer: 'true' },
  ];
  await waitFor(() => expect(screen.getByTestId('submit-state')).toBeInTheDocument());
  expect(JSON.parse(screen.getByTestId('submit-state').textContent ?? '')).toEqual({ answers, total: 2 });
  expect(localStorage.getItem('currentQuestionIndex')).toBeNull();
  expect(stored('answers')).toEqual(answers);
});

test('the answer buttons are reached with Tab and chosen with Enter or Space', async () => {
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions: [capital, sky, blank] } } });
  renderQuiz();
  await screen.findByText('Question 1 of 3');
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

test('Logout shows only for a signed-in participant account and ends the session', async () => {
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions } } });
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
  renderQuiz();
  await screen.findByText('Question 1 of 3');
  expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
});

test('there is no Logout for a visitor without an account', async () => {
  mockApi({ 'GET user/getquestion': { body: { message: 'ok', questions } } });
  renderQuiz();
  await screen.findByText('Question 1 of 3');
  expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
});
