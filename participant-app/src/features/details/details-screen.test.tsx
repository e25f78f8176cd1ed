import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { DetailsScreen } from './details-screen';

const renderDetails = () => renderWithProviders(<DetailsScreen />, { route: '/', path: '/' });

async function fill(name: string, email: string, phone: string) {
  if (name) await userEvent.type(screen.getByLabelText(/Full name/), name);
  if (email) await userEvent.type(screen.getByLabelText(/Email/), email);
  if (phone) await userEvent.type(screen.getByLabelText(/Phone number/), phone);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

test('name, a valid email and a phone number are required before anything is sent', async () => {
  const { calls } = mockApi({});
  renderDetails();
  await fill('', 'not-an-email', '03-12 call me');
  expect(screen.getByText('Name is required')).toBeInTheDocument();
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(screen.getByLabelText(/Phone number/)).toHaveAccessibleDescription(
    'Phone number may contain only digits, spaces, dashes, dots, brackets and a leading +',
  );
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('an international number with spaces and a leading + is taken and sent as typed (the server keeps it in E.164)', async () => {
  const { calls } = mockApi({
    'POST auth/validateuser': { body: { message: 'ok', status: false, token: 'ptok', response: [], results: null } },
  });
  renderDetails();
  expect(screen.getByLabelText(/Phone number/)).toHaveAttribute('placeholder', '03XXXXXXXXX');
  await fill('Ada Lovelace', 'ada@example.com', '+44 20 7946 0958');
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(calls.find((c) => c.path === 'auth/validateuser')?.body).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '+44 20 7946 0958',
  });
});

test('a number the server finds impossible is told at the phone field, and the details stay', async () => {
  mockApi({
    'POST auth/validateuser': {
      status: 400,
      body: {
        message: 'phone: phone must be a valid phone number (an international one starts with + and its country code)',
        error: 'phone',
      },
    },
  });
  renderDetails();
  await fill('Ada Lovelace', 'ada@example.com', '0300');
  await waitFor(() =>
    expect(screen.getByLabelText(/Phone number/)).toHaveAccessibleDescription(
      'Please enter a valid phone number (an international one starts with + and its country code)',
    ),
  );
  expect(screen.queryByText('Something went wrong, please try again!')).not.toBeInTheDocument();
  expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');
  expect(localStorage.getItem('UserData')).toBeNull();
});

test('a field in error reddens only its border and message: the phone placeholder keeps its grey, unlike a typed value', async () => {
  mockApi({});
  renderDetails();
  await fill('Ada Lovelace', 'ada@example.com', '');
  const phone = screen.getByLabelText(/Phone number/);
  expect(phone).toHaveAttribute('aria-invalid', 'true');
  expect(phone).toHaveAttribute('placeholder', expect.any(String));
  expect(phone).toHaveAccessibleDescription('Phone number is required');
  // Mantine sets these to the error red on a field in error; the input's own values win over it.
  expect(phone.style.getPropertyValue('--input-placeholder-color')).toBe('var(--mantine-color-placeholder)');
  expect(phone.style.getPropertyValue('--input-color')).toBe('var(--mantine-color-text)');
});

test('a new participant is stored and sent to the welcome screen', async () => {
  const { calls } = mockApi({
    'POST auth/validateuser': { body: { message: 'ok', status: false, token: 'ptok', response: [], results: null } },
  });
  renderDetails();
  await fill('Ada Lovelace', 'ada@example.com', '03001234567');
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(calls.find((c) => c.path === 'auth/validateuser')?.body).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '03001234567',
  });
  expect(JSON.parse(localStorage.getItem('UserData') ?? '{}')).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '03001234567',
  });
  expect(localStorage.getItem('participantToken')).toBe('ptok');
});

test('a failure keeps the details and says something went wrong', async () => {
  mockApi({ 'POST auth/validateuser': { status: 500, body: { message: 'boom' } } });
  renderDetails();
  await fill('Ada Lovelace', 'ada@example.com', '03001234567');
  expect(await screen.findByText('Something went wrong, please try again!')).toBeInTheDocument();
  expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');
});

test("a refusal for too many attempts says how long to wait, from the reply's Retry-After", async () => {
  mockApi({
    'POST auth/validateuser': {
      status: 429,
      body: { message: 'Too many attempts. Please wait 15 minutes and try again.' },
      headers: { 'Retry-After': '150' },
    },
  });
  renderDetails();
  await fill('Ada Lovelace', 'ada@example.com', '03001234567');
  expect(await screen.findByText('Too many attempts. Please wait 3 minutes and try again.')).toBeInTheDocument();
  expect(screen.queryByText('Something went wrong, please try again!')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test("another participant on the same browser does not inherit the previous one's unfinished quiz", async () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'First', email: 'first@example.com', phone: '0300' }));
  localStorage.setItem('answers', JSON.stringify([{ questionId: 'q1', questionText: 'Q', userAnswer: 'true' }]));
  localStorage.setItem('currentQuestionIndex', '1');
  mockApi({
    'POST auth/validateuser': { body: { message: 'ok', status: false, token: 'ptok2', response: [], results: null } },
  });
  renderDetails();
  await fill('Second Person', 'second@example.com', '03001234567');
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(localStorage.getItem('answers')).toBeNull();
  expect(localStorage.getItem('currentQuestionIndex')).toBeNull();
});

test('the same participant coming back keeps their unfinished quiz', async () => {
  localStorage.setItem('UserData', JSON.stringify({ name: 'First', email: 'first@example.com', phone: '0300' }));
  localStorage.setItem('answers', JSON.stringify([{ questionId: 'q1', questionText: 'Q', userAnswer: 'true' }]));
  mockApi({
    'POST auth/validateuser': { body: { message: 'ok', status: false, token: 'ptok', response: [], results: null } },
  });
  renderDetails();
  await fill('First', 'First@Example.com', '0300');
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(localStorage.getItem('answers')).not.toBeNull();
});

test("an email whose assessment has started elsewhere (409) shows the server's message and the way to the resume code", async () => {
  const message =
    'This assessment was started on another device. Continue from your invitation link, or with your email and resume code.';
  mockApi({ 'POST auth/validateuser': { status: 409, body: { message } } });
  renderDetails();
  await fill('Ada Lovelace', 'ada@example.com', '03001234567');
  expect(await screen.findByText(message)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute('href', '/resume');
  expect(screen.queryByText('Something went wrong, please try again!')).not.toBeInTheDocument();
  expect(localStorage.getItem('UserData')).toBeNull();
  expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
});

test('with open entry off, / says the assessment is by invitation instead of showing the form', async () => {
  mockApi({ 'GET participation': { body: { openEntry: false } } });
  renderDetails();
  // The form (as painted before any script ran) stays until the server has said.
  expect(screen.getByRole('form', { name: 'Account information' })).toBeInTheDocument();
  expect(
    await screen.findByText('This assessment is by invitation. Please use the link in your invitation.'),
  ).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Account information' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute('href', '/resume');
});

test('with open entry on, the form stays', async () => {
  const { calls } = mockApi({ 'GET participation': { body: { openEntry: true } } });
  renderDetails();
  await waitFor(() => expect(calls.some((c) => c.path === 'participation')).toBe(true));
  expect(screen.getByRole('form', { name: 'Account information' })).toBeInTheDocument();
  expect(screen.queryByText(/by invitation/)).not.toBeInTheDocument();
});

test('a refusal of the details because open entry is off (403) shows the invitation message', async () => {
  mockApi({
    'POST auth/validateuser': { status: 403, body: { message: 'This assessment is by invitation only' } },
  });
  renderDetails();
  await fill('Ada Lovelace', 'ada@example.com', '03001234567');
  expect(
    await screen.findByText('This assessment is by invitation. Please use the link in your invitation.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Continue with your resume code' })).toBeInTheDocument();
});
