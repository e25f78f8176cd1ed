import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { ProgressResponse } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { progressOf, savedAnswer } from '../../testing/progress';
import { InviteScreen } from './invite-screen';

const token = 'AbC123_-xyz';

function renderInvite() {
  return renderWithProviders(
    <Routes>
      <Route path="/invite/:token" element={<InviteScreen />} />
      {['/welcome', '/consent-form', '/question', '/thankyou', '/resume', '/'].map((path) => (
        <Route key={path} path={path} element={<p>screen {path}</p>} />
      ))}
    </Routes>,
    { route: `/invite/${token}` },
  );
}

const opened = (progress: Partial<ProgressResponse>) => ({
  body: { message: 'Welcome', token: 'ptok-invited', progress: progressOf(progress) },
});

test('opening the link keeps the token and the details, and an invitee who has not begun goes to the welcome screen', async () => {
  const { calls } = mockApi({ 'POST invitations/open': opened({ stage: 'opened', consent: null }) });
  renderInvite();
  expect(screen.getByText('Opening your invitation...')).toBeInTheDocument();
  expect(await screen.findByText('screen /welcome')).toBeInTheDocument();
  expect(calls[0]).toMatchObject({ method: 'POST', path: 'invitations/open', body: { token } });
  expect(calls[0]?.headers.get('authorization')).toBeNull();
  expect(localStorage.getItem('participantToken')).toBe('ptok-invited');
  expect(JSON.parse(localStorage.getItem('UserData') ?? '{}')).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '03001234567',
  });
});

test.each([
  ['who gave their details but did not sign', { stage: 'entered', consent: null }, '/consent-form'],
  ['who is answering', { stage: 'answering', answers: [savedAnswer('q1', 'true')] }, '/question'],
  ['who has submitted', { stage: 'submitted', submittedAt: '2026-03-02T11:00:00.000Z' }, '/thankyou'],
] as const)('a participant %s goes on from there', async (_, progress, screenPath) => {
  mockApi({ 'POST invitations/open': opened(progress as Partial<ProgressResponse>) });
  renderInvite();
  expect(await screen.findByText(`screen ${screenPath}`)).toBeInTheDocument();
});

test("someone else's unfinished quiz on this browser does not carry over", async () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'Other', email: 'other@example.com', phone: '1' }));
  localStorage.setItem('pendingAnswers', JSON.stringify([{ id: 'x', questionId: 'q1', userAnswer: 'true' }]));
  mockApi({ 'POST invitations/open': opened({ stage: 'opened', consent: null }) });
  renderInvite();
  await screen.findByText('screen /welcome');
  expect(localStorage.getItem('pendingAnswers')).toBeNull();
});

test.each([
  [404, 'This invitation link is not valid.'],
  [410, 'This invitation has expired. Please ask for a new one.'],
])("a link that cannot be used (%i) shows the server's message and the ways on", async (status, message) => {
  mockApi({ 'POST invitations/open': { status, body: { message } } });
  renderInvite();
  expect(await screen.findByText('This invitation link cannot be used')).toBeInTheDocument();
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute('href', '/resume');
  expect(screen.getByRole('link', { name: 'Go to the start page' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  expect(localStorage.getItem('participantToken')).toBeNull();
});

test('a refusal to wait (429) says how long, and Retry opens the link', async () => {
  let refuse = true;
  mockApi({
    'POST invitations/open': () =>
      refuse
        ? { status: 429, body: { message: 'Too many' }, headers: { 'Retry-After': '120' } }
        : opened({ stage: 'opened', consent: null }),
  });
  renderInvite();
  expect(await screen.findByText('Too many attempts. Please wait 2 minutes and try again.')).toBeInTheDocument();
  refuse = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await waitFor(() => expect(screen.getByText('screen /welcome')).toBeInTheDocument());
});

test('no connection says so, with Retry', async () => {
  mockApi({ 'POST invitations/open': { networkError: true } });
  renderInvite();
  expect(
    await screen.findByText('Network error. Please check your internet connection and try again.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
