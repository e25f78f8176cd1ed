import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from '@prometrica/shared-api';
import { renderWithProviders } from '@prometrica/shared-api/testing';
import { LogoutButton } from './logout-button';

/** What a participant half-way through the quiz leaves in this browser. */
function storeParticipantMidQuiz() {
  localStorage.setItem('participantToken', 'ptok');
  localStorage.setItem('UserData', JSON.stringify({ name: 'Ada', email: 'ada@example.com', phone: '0300' }));
  localStorage.setItem('questions', JSON.stringify([{ _id: 'q1', question: 'Q', questionType: 'truefalse' }]));
  localStorage.setItem('answers', JSON.stringify([{ questionId: 'q1', questionText: 'Q', userAnswer: 'true' }]));
  localStorage.setItem('currentQuestionIndex', '1');
}

const participantKeys = ['participantToken', 'UserData', 'questions', 'answers', 'currentQuestionIndex'];

beforeEach(() =>
  useAuthStore.setState((s) => ({ userAuth: false, user: null, token: null, status: { ...s.status, logout: 'idle' } })),
);

test("logging out forgets the participant's token, details and progress, and goes to the details form", async () => {
  storeParticipantMidQuiz();
  renderWithProviders(<LogoutButton />, { route: '/question', path: '/question' });
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  for (const key of participantKeys) expect(localStorage.getItem(key)).toBeNull();
  expect(localStorage.getItem('@session_expired')).toBe('true');
  expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
});

test('a signed-in participant account is signed out too', async () => {
  storeParticipantMidQuiz();
  localStorage.setItem('token', 'tok');
  useAuthStore.setState({ userAuth: true, token: 'tok' });
  renderWithProviders(<LogoutButton />, { route: '/question', path: '/question' });
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  expect(localStorage.getItem('token')).toBeNull();
  expect(useAuthStore.getState()).toMatchObject({ token: null, userAuth: false });
  expect(localStorage.getItem('participantToken')).toBeNull();
});

test('a visitor without an account is not marked as having logged out of one', async () => {
  storeParticipantMidQuiz();
  renderWithProviders(<LogoutButton />, { route: '/question', path: '/question' });
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  expect(useAuthStore.getState().status.logout).not.toBe('succeeded');
});
