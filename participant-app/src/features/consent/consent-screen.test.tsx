import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { currentConsentText } from '@prometrica/shared-api';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { ConsentScreen } from './consent-screen';
import { failedSubmissions } from '../../testing/failures';
import { progressOf, startedElsewhereMessage } from '../../testing/progress';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==';
const agreement = {
  message: 'Agreement saved',
  agreement: { _id: 'ag1', date: '2026-03-02', createdAt: '2026-03-02T10:00:00.000Z' },
};

/** jsdom has no canvas: a small 2D context that records what is written and drawn. */
function fakeCanvas() {
  const written: string[] = [];
  const lines: [number, number][] = [];
  const ctx = {
    clearRect: () => {},
    fillRect: () => {},
    fillText: (text: string) => written.push(text),
    measureText: () => ({ width: 100 }),
    beginPath: () => {},
    moveTo: () => {},
    lineTo: (x: number, y: number) => lines.push([x, y]),
    stroke: () => {},
    font: '',
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    textAlign: 'start',
    textBaseline: 'alphabetic',
  };
  jest
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockImplementation((() => ctx) as unknown as HTMLCanvasElement['getContext']);
  jest.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG);
  return { written, lines, ctx };
}

function storeParticipant(name = 'Ada Lovelace') {
  localStorage.setItem('UserData', JSON.stringify({ name, email: 'ada@example.com', phone: '0300123' }));
}

function renderConsent() {
  return renderWithProviders(
    <Routes>
      <Route path="/consent-form" element={<ConsentScreen />} />
      <Route path="/question" element={<p>questions</p>} />
    </Routes>,
    { route: '/consent-form' },
  );
}

/** The participant has not signed yet, as the server says. */
const notSigned = () => ({ body: progressOf({ consent: null, stage: 'entered' }) });

afterEach(() => {
  Reflect.deleteProperty(document, 'fonts');
});

test('the agreement is the current consent text: its data, its reach, its governing law', async () => {
  fakeCanvas();
  mockApi({});
  storeParticipant();
  renderConsent();
  expect(await screen.findByRole('img', { name: 'Signature of Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Consent and Confidentiality Agreement' })).toBeInTheDocument();
  expect(screen.getByText(/over 40 years of data/)).toBeInTheDocument();
  expect(screen.getByText(/over 5,500 professionals/)).toBeInTheDocument();
  expect(screen.getByText(/governed by the laws of the State of New York/)).toBeInTheDocument();
  for (const section of currentConsentText.sections) {
    if (section.heading) expect(screen.getByRole('heading', { level: 2, name: section.heading })).toBeInTheDocument();
    for (const paragraph of section.paragraphs) expect(screen.getByText(paragraph)).toBeInTheDocument();
  }
});

test('a participant whose consent is on record goes on to the questions', async () => {
  fakeCanvas();
  mockApi({ 'GET user/progress': { body: progressOf() } });
  storeParticipant();
  renderConsent();
  expect(await screen.findByText('questions')).toBeInTheDocument();
});

test('without a name in this browser, the name the participant gave comes from the server', async () => {
  fakeCanvas();
  mockApi({ 'GET user/progress': notSigned });
  renderConsent();
  expect(await screen.findByRole('img', { name: 'Signature of Ada Lovelace' })).toBeInTheDocument();
  expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Lovelace');
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

/** The one request sent besides reading the progress is the signed agreement, and nobody was asked for the signature. */
function expectSignedOnce(all: ReadonlyArray<{ method: string }>) {
  const calls = all.filter((c) => c.method !== 'GET');
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
  expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  fontLoaded([]);
  await waitFor(() => expect(screen.getByText('questions')).toBeInTheDocument());
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
  await waitFor(() => expect(screen.getByText('questions')).toBeInTheDocument());
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
  expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
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
  expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
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
  await waitFor(() => expect(screen.getByText('questions')).toBeInTheDocument());
  expect(calls.find((c) => c.method === 'POST')).toMatchObject({
    path: 'useragreement/add',
    body: {
      imageBase64: 'iVBORw0KGgoAAAANSUhEUg==',
      date: '2026-03-01',
      signedName: 'Ada Lovelace',
      textVersion: currentConsentText.version,
      method: 'typed',
    },
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
  await waitFor(() => expect(screen.getByText('questions')).toBeInTheDocument());
  expectSignedOnce(calls);
  expect(await screen.findByText('You have already signed the consent form.')).toBeInTheDocument();
  expect(screen.queryByText('Thank you! Your consent has been recorded successfully.')).not.toBeInTheDocument();
  expect(screen.queryByText('Your agreement was not sent')).not.toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem('UserData') ?? '{}').name).toBe('Ada Lovelace');
});

test.each(
  failedSubmissions('Invalid data format. Please check your information and try again.', 500, [
    404,
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
  expect(screen.queryByText('questions')).not.toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem('UserData') ?? '{}').name).toBe('Ada Lovelace');
});

test('a token the server no longer takes (401) offers the resume code and the details, never a log-in', async () => {
  fakeCanvas();
  mockApi({ 'POST useragreement/add': { status: 401, body: { message: 'Invalid token' } } });
  storeParticipant('Ada Lovelace');
  renderConsent();
  await screen.findByRole('img', { name: 'Signature of Ada Lovelace' });
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText('Your session on this device has ended')).toBeInTheDocument();
  expect(within(alert).getByRole('link', { name: 'Continue with your resume code' })).toHaveAttribute(
    'href',
    '/resume',
  );
  expect(within(alert).getByRole('link', { name: 'Enter your details' })).toHaveAttribute('href', '/');
  expect(screen.queryByText(/log in/i)).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Sign and continue' })).toBeEnabled();
  expect(screen.queryByText('questions')).not.toBeInTheDocument();
});

test('a consent refused because another device holds the participant (403) says so, with the resume code', async () => {
  fakeCanvas();
  mockApi({ 'POST useragreement/add': { status: 403, body: { message: startedElsewhereMessage } } });
  storeParticipant('Ada Lovelace');
  renderConsent();
  await screen.findByRole('img', { name: 'Signature of Ada Lovelace' });
  await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
  const alert = await screen.findByRole('alert');
  expect(within(alert).getByText(startedElsewhereMessage)).toBeInTheDocument();
  expect(within(alert).getByRole('link', { name: 'Continue with your resume code' })).toBeInTheDocument();
});

test('the signature box is as wide as the fields above and below it', () => {
  const css = fs.readFileSync(path.join(__dirname, 'consent-screen.module.css'), 'utf8');
  const signature = /\.signature \{([^}]*)\}/.exec(css)?.[1] ?? '';
  expect(signature).toMatch(/width: 100%;/);
  // A narrower cap than the fields' (which fill the form) would leave the box short of them.
  expect(signature).not.toMatch(/max-width/);
});

describe('Draw instead', () => {
  test('the pad takes no touch gestures, so drawing never scrolls the page', () => {
    const css = fs.readFileSync(path.join(__dirname, 'consent-screen.module.css'), 'utf8');
    expect(css).toMatch(/\.pad \{[^}]*touch-action: none;/);
  });

  /** The pad as a 375 px phone shows it: 343 px wide, a third as tall. */
  function phoneSized(pad: HTMLElement) {
    jest.spyOn(pad, 'getBoundingClientRect').mockReturnValue({
      left: 16,
      top: 400,
      width: 343,
      height: 343 / 3,
      right: 359,
      bottom: 400 + 343 / 3,
      x: 16,
      y: 400,
      toJSON: () => ({}),
    });
  }

  /** One stroke by finger across the pad, in page coordinates. */
  async function drawWithFinger(pad: HTMLElement) {
    await userEvent.pointer([
      { keys: '[TouchA>]', target: pad, coords: { clientX: 30, clientY: 440 } },
      { pointerName: 'TouchA', target: pad, coords: { clientX: 130, clientY: 460 } },
      { pointerName: 'TouchA', target: pad, coords: { clientX: 230, clientY: 430 } },
      { keys: '[/TouchA]', target: pad },
    ]);
  }

  async function openPad() {
    await userEvent.click(screen.getByRole('button', { name: 'Draw instead' }));
    const pad = await screen.findByRole('img', { name: /Signature pad, empty/ });
    phoneSized(pad);
    return pad;
  }

  test('a finger on the pad draws the signature, which is sent as a PNG with the method drawn', async () => {
    const { lines } = fakeCanvas();
    const toDataURL = jest.mocked(HTMLCanvasElement.prototype.toDataURL);
    const { calls } = mockApi({
      'GET user/progress': notSigned,
      'POST useragreement/add': { status: 201, body: agreement },
    });
    storeParticipant('Ada Lovelace');
    renderConsent();
    const pad = await openPad();
    expect(pad).toHaveAttribute('width', '900');
    expect(pad).toHaveAttribute('height', '300');
    await drawWithFinger(pad);
    expect(screen.getByRole('img', { name: 'Your drawn signature' })).toBe(pad);
    // Page coordinates are scaled to the canvas: 343 css px show 900 canvas px.
    const scale = 900 / 343;
    expect(lines).toEqual(
      expect.arrayContaining([
        [expect.closeTo((130 - 16) * scale, 5), expect.closeTo((460 - 400) * scale, 5)],
        [expect.closeTo((230 - 16) * scale, 5), expect.closeTo((430 - 400) * scale, 5)],
      ]),
    );
    expect(toDataURL).toHaveBeenCalledWith('image/png');
    await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
    await waitFor(() => expect(screen.getByText('questions')).toBeInTheDocument());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      imageBase64: 'iVBORw0KGgoAAAANSUhEUg==',
      signedName: 'Ada Lovelace',
      textVersion: currentConsentText.version,
      method: 'drawn',
    });
  });

  test('an empty pad is no signature, and Clear empties it again', async () => {
    fakeCanvas();
    const { calls } = mockApi({ 'GET user/progress': notSigned });
    storeParticipant('Ada Lovelace');
    renderConsent();
    const pad = await openPad();
    expect(screen.getByRole('button', { name: 'Clear signature' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
    expect(screen.getByText('Signature is required.')).toBeInTheDocument();
    await drawWithFinger(pad);
    expect(screen.queryByText('Signature is required.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear signature' }));
    expect(screen.getByRole('img', { name: /Signature pad, empty/ })).toBe(pad);
    await userEvent.click(screen.getByRole('button', { name: 'Sign and continue' }));
    expect(screen.getByText('Signature is required.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  test('Type instead brings back the signature drawn from the name', async () => {
    fakeCanvas();
    mockApi({ 'GET user/progress': notSigned });
    storeParticipant('Ada Lovelace');
    renderConsent();
    await openPad();
    await userEvent.click(screen.getByRole('button', { name: 'Type instead' }));
    expect(await screen.findByRole('img', { name: 'Signature of Ada Lovelace' })).toBeInTheDocument();
  });
});
