import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { ConsentScreen } from './consent-screen';
import { failedSubmissions } from '../../testing/failures';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
const agreement = {
  message: 'Agreement saved',
  agreement: { _id: 'ag1', date: '2026-03-02', createdAt: '2026-03-02T10:00:00.000Z' },
};

/** jsdom has no canvas: a small 2D context that records what is written. */
function fakeCanvas() {
  const written: string[] = [];
  const ctx = {
    clearRect: () => {},
    fillRect: () => {},
    fillText: (text: string) => written.push(text),
    measureText: () => ({ width: 100 }),
    font: '',
    fillStyle: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
  };
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation((() => ctx) as unknown as HTMLCanvasElement['getContext']);
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  return { written, ctx };
}

function storeParticipant(name = 'Ada Lovelace') {
  localStorage.setItem('UserData', JSON.stringify({ name, email: 'ada@example.com', phone: '0300123' }));
}

function renderConsent() {
  return renderWithProviders(<ConsentScreen />, { route: '/consent-form', path: '/consent-form' });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'fonts');
});

test('the agreement cites its data, its reach and its governing law', async () => {
  fakeCanvas();
  mockApi({});
  storeParticipant();
  renderConsent();
  expect(await screen.findByRole('img', { name: 'Signature of Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Consent and Confidentiality Agreement' })).toBeInTheDocument();
  expect(screen.getByText(/over 40 years of data/)).toBeInTheDocument();
  expect(screen.getByText(/over 5,500 professionals/)).toBeInTheDocument();
  expect(screen.getByText(/governed by the laws of the State of New York/)).toBeInTheDocument();
});

test('the name comes from the stored details and the date defaults to today', async () => {
  fakeCanvas();
  mockApi({});
  storeParticipant();
  jest.useFakeTimers({
    now: new Date(2026, 2, 2, 9, 30),
    doNotFake: ['setTimeout', 'setInterval', 'queueMicrotask', 'nextTick', 'setImmediate'],
  });
  renderConsent();
  jest.useRealTimers();
  expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Lovelace');
  expect(screen.getByLabelText(/Date/)).toHaveValue('2026-03-02');
  expect(await screen.findByRole('img', { name: 'Signature of Ada Lovelace' })).toBeInTheDocument();
});

test('the signature is drawn from the typed name and redrawn when the name changes', async () => {
  const { written } = fakeCanvas();
  mockApi({});
  storeParticipant('Ada');
  renderConsent();
  expect(await screen.findByRole('img', { name: 'Signature of Ada' })).toBeInTheDocument();
  expect(written).toContain('Ada');
  await userEvent.type(screen.getByLabelText(/Full name/), ' King');
  expect(await screen.findByRole('img', { name: 'Signature of Ada King' })).toBeInTheDocument();
  expect(written.at(-1)).toBe('Ada King');
});

test('the signature waits for the handwriting font before it is drawn', async () => {
  const { written, ctx } = fakeCanvas();
  mockApi({});
  storeParticipant('Ada');
  let fontLoaded: (faces: FontFace[]) => void = () => {};
  const load = jest.fn(() => new Promise<FontFace[]>((resolve) => (fontLoaded = resolve)));
  Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
  renderConsent();
  expect(load).toHaveBeenCalledWith('48px "Dancing Script"');
  expect(written).toEqual([]);
  fontLoaded([]);
  await waitFor(() => expect(written).toEqual(['Ada']));
  expect(ctx.font).toContain('"Dancing Script"');
});

/** The one request sent is the signed agreement, and nobody was asked for the signature. */
function expectSignedOnce(calls: ReadonlyArray<unknown>) {
  expect(calls).toHaveLength(1);
  expect(calls[0]).toMatchObject({
    method: 'POST',
    path: 'useragreement/add',
    body: { imageBase64: 'iVBORw0KGgoAAAANSUhEUg==' },
  });
  expect(screen.queryByText('Signature is required.')).not.toBeInTheDocument();
}

test('signing before the handwriting font has arrived goes through once it has, without asking for the signature', async () => {
  fakeCanvas();
  const { calls } = mockApi({ 'POST useragreement/add': { status: 201, body: agreement } });
  storeParticipant('Ada Lovelace');
  let fontLoaded: (faces: FontFace[]) => void = () => {};
  Object.defineProperty(document, 'fonts', {
    value: { load: () => new Promise<FontFace[]>((resolve) => (fontLoaded = resolve)) },
    configurable: true,
  });
  renderConsent();
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  expect(calls).toHaveLength(0);
  fontLoaded([]);
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expectSignedOnce(calls);
});

test('a press before the signature on screen has been drawn signs with the name as typed', async () => {
  const { written, ctx } = fakeCanvas();
  const { calls } = mockApi({ 'POST useragreement/add': { status: 201, body: agreement } });
  storeParticipant('Ada Lovelace');
  // The drawing that follows the font has not happened yet when the button is pressed.
  const getContext = jest.mocked(HTMLCanvasElement.prototype.getContext);
  getContext.mockReturnValueOnce(null);
  renderConsent();
  await waitFor(() => expect(getContext).toHaveBeenCalled());
  expect(screen.getByRole('img', { name: /Signature, empty/ })).toBeInTheDocument();
  getContext.mockImplementation((() => ctx) as unknown as HTMLCanvasElement['getContext']);
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(written.at(-1)).toBe('Ada Lovelace');
  expectSignedOnce(calls);
});

test('an empty name asks for the full name and the signature, and sends nothing', async () => {
  fakeCanvas();
  const { calls } = mockApi({});
  storeParticipant('');
  renderConsent();
  await waitFor(() => expect(HTMLCanvasElement.prototype.getContext).toHaveBeenCalled());
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  expect(screen.getByText('Please enter your full name.')).toBeInTheDocument();
  expect(screen.getByText('Signature is required.')).toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

test('without a drawn signature (no canvas support) the signature is required', async () => {
  const getContext = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  const { calls } = mockApi({});
  storeParticipant('Ada Lovelace');
  renderConsent();
  await waitFor(() => expect(getContext).toHaveBeenCalled());
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  expect(screen.getByText('Signature is required.')).toBeInTheDocument();
  expect(screen.getByRole('img', { name: /Signature, empty/ })).toHaveAccessibleDescription('Signature is required.');
  expect(screen.queryByText('Please enter your full name.')).not.toBeInTheDocument();
  expect(calls).toHaveLength(0);
});

test('signing sends the image without its prefix and the date, renames the participant and opens the questions', async () => {
  fakeCanvas();
  const { calls } = mockApi({ 'POST useragreement/add': { status: 201, body: agreement } });
  storeParticipant('Ada');
  renderConsent();
  const nameInput = screen.getByLabelText(/Full name/);
  await userEvent.clear(nameInput);
  await userEvent.type(nameInput, '  Ada Lovelace ');
  const dateInput = screen.getByLabelText(/Date/);
  await userEvent.clear(dateInput);
  await userEvent.type(dateInput, '2026-03-01');
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(calls[0]).toMatchObject({
    method: 'POST',
    path: 'useragreement/add',
    body: { imageBase64: 'iVBORw0KGgoAAAANSUhEUg==', date: '2026-03-01' },
  });
  expect(await screen.findByText('Thank you! Your consent has been recorded successfully.')).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem('UserData') ?? '{}')).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '0300123',
  });
});

test('a participant who signed before (409) is told so and goes on to the questions', async () => {
  fakeCanvas();
  const { calls } = mockApi({
    'POST useragreement/add': { status: 409, body: { message: 'You have already signed the consent form' } },
  });
  storeParticipant('Ada');
  renderConsent();
  await userEvent.type(screen.getByLabelText(/Full name/), ' Lovelace');
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expectSignedOnce(calls);
  expect(await screen.findByText('You have already signed the consent form.')).toBeInTheDocument();
  expect(screen.queryByText('Thank you! Your consent has been recorded successfully.')).not.toBeInTheDocument();
  expect(screen.queryByText('Your agreement was not sent')).not.toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem('UserData') ?? '{}').name).toBe('Ada Lovelace');
});

test.each(
  failedSubmissions('Invalid data format. Please check your information and try again.', 500, [
    403,
    'There was an error submitting your agreement. Please try again.',
  ]),
)('a failed signing (status %i) explains why and keeps the typed name', async (status, extra, message) => {
  fakeCanvas();
  mockApi({ 'POST useragreement/add': { status, body: { message: 'nope' }, ...extra } });
  storeParticipant('Ada Lovelace');
  renderConsent();
  await screen.findByRole('img', { name: 'Signature of Ada Lovelace' });
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(message)).toBeInTheDocument();
  expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Lovelace');
  expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem('UserData') ?? '{}').name).toBe('Ada Lovelace');
});
