import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { progressOf, savedAnswer } from '../../testing/progress';
import { ResumeScreen } from './resume-screen';

function renderResume() {
  return renderWithProviders(
    <Routes>
      <Route path="/resume" element={<ResumeScreen />} />
      {['/welcome', '/consent-form', '/question', '/thankyou', '/'].map((path) => (
        <Route key={path} path={path} element={<p>screen {path}</p>} />
      ))}
    </Routes>,
    { route: '/resume' },
  );
}

async function fill(email: string, code: string) {
  if (email) await userEvent.type(screen.getByLabelText(/Email/), email);
  if (code) await userEvent.type(screen.getByLabelText(/Resume code/), code);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const resumed = {
  body: {
    message: 'Welcome back',
    token: 'ptok-resumed',
    progress: progressOf({ stage: 'answering', answers: [savedAnswer('q1', 'true')] }),
  },
};

test('the email and resume code give this browser the participant, who goes on where they stand', async () => {
  const { calls } = mockApi({ 'POST auth/resume': resumed });
  renderResume();
  expect(screen.getByRole('heading', { level: 1, name: 'Continue your assessment' })).toBeInTheDocument();
  await fill(' ada@example.com ', 'k7qm2-xpd4r');
  expect(await screen.findByText('screen /question')).toBeInTheDocument();
  expect(calls[0]).toMatchObject({
    method: 'POST',
    path: 'auth/resume',
    body: { email: 'ada@example.com', code: 'k7qm2-xpd4r' },
  });
  expect(localStorage.getItem('participantToken')).toBe('ptok-resumed');
  expect(JSON.parse(localStorage.getItem('UserData') ?? '{}')).toMatchObject({ email: 'ada@example.com' });
});

test('both fields are needed before anything is sent', async () => {
  const { calls } = mockApi({});
  renderResume();
  await fill('not-an-email', '');
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(screen.getByText('Resume code is required')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

test('the email entered on this browser before is filled in', () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'Ada', email: 'ada@example.com', phone: '0300' }));
  mockApi({});
  renderResume();
  expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');
});

test("a wrong code shows the server's message and keeps what was typed", async () => {
  mockApi({ 'POST auth/resume': { status: 401, body: { message: 'That email and resume code do not match.' } } });
  renderResume();
  await fill('ada@example.com', 'WRONG-CODE1');
  expect(await screen.findByText('That email and resume code do not match.')).toBeInTheDocument();
  expect(screen.getByLabelText(/Resume code/)).toHaveValue('WRONG-CODE1');
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(localStorage.getItem('participantToken')).toBeNull();
});

test('too many wrong codes (429) says how long to wait', async () => {
  mockApi({
    'POST auth/resume': {
      status: 429,
      body: { message: 'Too many attempts. Please wait 15 minutes and try again.' },
      headers: { 'Retry-After': '540' },
    },
  });
  renderResume();
  await fill('ada@example.com', 'K7QM2-XPD4R');
  expect(await screen.findByText('Too many attempts. Please wait 9 minutes and try again.')).toBeInTheDocument();
});

test('no connection says so', async () => {
  mockApi({ 'POST auth/resume': { networkError: true } });
  renderResume();
  await fill('ada@example.com', 'K7QM2-XPD4R');
  expect(
    await screen.findByText('Network error. Please check your internet connection and try again.'),
  ).toBeInTheDocument();
});

test('a participant who has not begun goes to the welcome screen; one who has submitted, to the thank-you page', async () => {
  let progress = progressOf({ stage: 'invited', consent: null });
  mockApi({ 'POST auth/resume': () => ({ body: { message: 'ok', token: 't', progress } }) });
  const { unmount } = renderResume();
  await fill('ada@example.com', 'K7QM2-XPD4R');
  expect(await screen.findByText('screen /welcome')).toBeInTheDocument();
  unmount();
  progress = progressOf({ stage: 'concerns-done', submittedAt: '2026-03-02T11:00:00.000Z' });
  renderResume();
  await fill('', 'K7QM2-XPD4R');
  expect(await screen.findByText('screen /thankyou')).toBeInTheDocument();
});

test('there is a way back to the details form', () => {
  mockApi({});
  renderResume();
  expect(screen.getByRole('link', { name: 'Start with your details instead' })).toHaveAttribute('href', '/');
});
