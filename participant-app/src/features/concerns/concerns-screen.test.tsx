import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { ConcernsScreen } from './concerns-screen';
import { failedSubmissions } from '../../testing/failures';

const concern = (id: string, title: string) => ({
  _id: id,
  title,
  description: `${title} at work`,
  botherOptions: ['A little', 'Quite a Bit', 'A great deal'],
});
const loaded = { complaints: [concern('c1', 'Workload'), concern('c2', 'Team & Culture'), concern('c3', 'Pay')] };

const renderConcerns = () =>
  renderWithProviders(<ConcernsScreen />, { route: '/complaint-list', path: '/complaint-list' });
const option = (title: string, name: string) =>
  within(screen.getByRole('group', { name: title })).getByRole('button', { name });
const submitButton = () => screen.getByRole('button', { name: 'Submit Assessment' });

const loadFailed = 'Failed to load workplace concerns. Please refresh the page and try again.';

test('the page is as wide as the consent and question pages (760 px), not wider', async () => {
  mockApi({ 'GET complaint-bother/get-all': { body: loaded } });
  renderConcerns();
  const heading = await screen.findByRole('heading', { level: 1, name: 'Workplace Concerns Assessment' });
  const container = heading.closest<HTMLElement>('.mantine-Container-root');
  expect(container?.style.getPropertyValue('--container-size')).toBe('calc(47.5rem * var(--mantine-scale))');
});

test('each concern offers A little, Quite a Bit and A great deal under the three column headings', async () => {
  mockApi({ 'GET complaint-bother/get-all': { body: loaded } });
  renderConcerns();
  expect(screen.getByText('Loading workplace concerns...')).toBeInTheDocument();
  const row = await screen.findByRole('group', { name: 'Workload' });
  expect(
    within(row)
      .getAllByRole('button')
      .map((b) => b.textContent),
  ).toEqual(['A little', 'Quite a Bit', 'A great deal']);
  const headings = screen.getByText('Concern').parentElement;
  expect(Array.from(headings?.children ?? []).map((cell) => cell.textContent)).toEqual([
    'Concern',
    'A Little',
    'Quite a Bit',
    'A Great Deal',
  ]);
  expect(screen.getByRole('heading', { level: 1, name: 'Workplace Concerns Assessment' })).toBeInTheDocument();
});

test('one option per concern: choosing another replaces it, and choosing it again clears it', async () => {
  mockApi({ 'GET complaint-bother/get-all': { body: loaded } });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  await userEvent.click(option('Workload', 'A little'));
  expect(option('Workload', 'A little')).toHaveAttribute('aria-pressed', 'true');
  await userEvent.click(option('Workload', 'A great deal'));
  expect(option('Workload', 'A little')).toHaveAttribute('aria-pressed', 'false');
  expect(option('Workload', 'A great deal')).toHaveAttribute('aria-pressed', 'true');
  expect(option('Pay', 'A great deal')).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(option('Workload', 'A great deal'));
  expect(
    within(screen.getByRole('group', { name: 'Workload' })).queryByRole('button', { pressed: true }),
  ).not.toBeInTheDocument();
});

test('Clear All Selections appears only once something is chosen, and clears every choice', async () => {
  mockApi({ 'GET complaint-bother/get-all': { body: loaded } });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  expect(screen.queryByRole('button', { name: 'Clear All Selections' })).not.toBeInTheDocument();
  await userEvent.click(option('Workload', 'Quite a Bit'));
  await userEvent.click(option('Pay', 'A little'));
  await userEvent.click(screen.getByRole('button', { name: 'Clear All Selections' }));
  expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  expect(screen.queryByRole('button', { name: 'Clear All Selections' })).not.toBeInTheDocument();
  expect(submitButton()).toHaveFocus();
});

test('Submit stays disabled until a concern is chosen, and says why', async () => {
  const { calls } = mockApi({ 'GET complaint-bother/get-all': { body: loaded } });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
  await userEvent.hover(submitButton());
  expect(await screen.findByText('Please select at least one concern to submit')).toBeInTheDocument();
  await userEvent.click(submitButton());
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  await userEvent.click(option('Pay', 'A little'));
  expect(submitButton()).toHaveAttribute('aria-disabled', 'false');
});

test('only the chosen concerns are sent, one option each, then the thank-you page opens', async () => {
  const { calls } = mockApi({
    'GET complaint-bother/get-all': { body: loaded },
    'POST complaint-bother/add-complaint': { status: 201, body: { message: 'Saved', submissionId: 's1' } },
  });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  await userEvent.click(option('Workload', 'Quite a Bit'));
  await userEvent.click(option('Pay', 'A great deal'));
  await userEvent.click(submitButton());
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(calls.find((c) => c.method === 'POST')?.body).toEqual([
    { complaintId: 'c1', botherOptions: ['Quite a Bit'] },
    { complaintId: 'c3', botherOptions: ['A great deal'] },
  ]);
  expect(
    await screen.findByText('Thank you! Your workplace concerns assessment has been recorded successfully.'),
  ).toBeInTheDocument();
});

test('Skip Assessment goes to the thank-you page without sending anything', async () => {
  const { calls } = mockApi({ 'GET complaint-bother/get-all': { body: loaded } });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  await userEvent.click(option('Workload', 'A little'));
  await userEvent.click(screen.getByRole('link', { name: 'Skip Assessment' }));
  expect(screen.getByTestId('elsewhere')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test.each(
  failedSubmissions('Invalid data format. Please check your selections and try again.', 503, [
    404,
    'There was an error submitting your assessment. Please check your connection and try again.',
  ]),
)('a failed submission (status %i) explains why and keeps the choices', async (status, extra, message) => {
  mockApi({
    'GET complaint-bother/get-all': { body: loaded },
    'POST complaint-bother/add-complaint': { status, body: { message: 'nope' }, ...extra },
  });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  await userEvent.click(option('Workload', 'Quite a Bit'));
  await userEvent.click(submitButton());
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(option('Workload', 'Quite a Bit')).toHaveAttribute('aria-pressed', 'true');
  expect(submitButton()).toHaveAttribute('aria-disabled', 'false');
  expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
});

test('a token the server no longer takes (401) offers the resume code, never a log-in, and keeps the choices', async () => {
  mockApi({
    'GET complaint-bother/get-all': { body: loaded },
    'POST complaint-bother/add-complaint': { status: 401, body: { message: 'Invalid token' } },
  });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  await userEvent.click(option('Workload', 'Quite a Bit'));
  await userEvent.click(submitButton());
  expect(await screen.findByText('Your session on this device has ended')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute('href', '/resume');
  expect(screen.queryByText(/log in/i)).not.toBeInTheDocument();
  expect(option('Workload', 'Quite a Bit')).toHaveAttribute('aria-pressed', 'true');
});

test('a refusal for too many attempts says how long to wait and keeps the choices', async () => {
  mockApi({
    'GET complaint-bother/get-all': { body: loaded },
    'POST complaint-bother/add-complaint': { status: 429, body: { message: 'nope' }, headers: { 'Retry-After': '61' } },
  });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  await userEvent.click(option('Workload', 'Quite a Bit'));
  await userEvent.click(submitButton());
  expect(await screen.findByText('Too many attempts. Please wait 2 minutes and try again.')).toBeInTheDocument();
  expect(option('Workload', 'Quite a Bit')).toHaveAttribute('aria-pressed', 'true');
});

test('a failed load shows the banner with Retry and the seven fallback concerns, which cannot be submitted', async () => {
  mockApi({ 'GET complaint-bother/get-all': { status: 500, body: { message: 'down' } } });
  renderConcerns();
  expect(await screen.findByText(loadFailed)).toBeInTheDocument();
  expect(screen.getAllByRole('group')).toHaveLength(7);
  await userEvent.click(option('Encouragement & Support', 'A great deal'));
  expect(option('Encouragement & Support', 'A great deal')).toHaveAttribute('aria-pressed', 'true');
  expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
  expect(screen.getByRole('link', { name: 'Skip Assessment' })).toHaveAttribute('href', '/thankyou');
});

test('a malformed list is treated as a failed load', async () => {
  mockApi({ 'GET complaint-bother/get-all': { body: { complaints: [{ id: 1, name: 'x' }] } } });
  renderConcerns();
  expect(await screen.findByText(loadFailed)).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Clarity of Expectations' })).toBeInTheDocument();
});

test('Retry loads the real list and keeps choices made on the fallback list', async () => {
  let fail = true;
  mockApi({ 'GET complaint-bother/get-all': () => (fail ? { networkError: true } : { body: loaded }) });
  renderConcerns();
  await screen.findByText(loadFailed);
  await userEvent.click(option('Team & Culture', 'Quite a Bit'));
  fail = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('group', { name: 'Workload' });
  expect(screen.queryByText(loadFailed)).not.toBeInTheDocument();
  expect(option('Team & Culture', 'Quite a Bit')).toHaveAttribute('aria-pressed', 'true');
  expect(submitButton()).toHaveAttribute('aria-disabled', 'false');
});

test('every answer is reached with Tab and toggled with Space or Enter', async () => {
  mockApi({ 'GET complaint-bother/get-all': { body: { complaints: [concern('c1', 'Workload')] } } });
  renderConcerns();
  await screen.findByRole('group', { name: 'Workload' });
  await userEvent.tab();
  expect(option('Workload', 'A little')).toHaveFocus();
  await userEvent.keyboard(' ');
  expect(option('Workload', 'A little')).toHaveAttribute('aria-pressed', 'true');
  await userEvent.tab();
  await userEvent.keyboard('{Enter}');
  expect(option('Workload', 'Quite a Bit')).toHaveAttribute('aria-pressed', 'true');
  expect(option('Workload', 'A little')).toHaveAttribute('aria-pressed', 'false');
});
