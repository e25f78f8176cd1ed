import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, renderWithProviders } from '@prometrica/shared-api/testing';
import { pageElementIds, pressedSubmitAttribute, queuedSubmitAttribute } from '@prometrica/shared-api/page';
import { renderFirstPaint } from '../../first-paint';
import { DetailsScreen } from './details-screen';
import { readPaintedForm, rereadPaintedForm } from './painted-form';

/** The page of `/` as the server sends it: the first paint of the details form in the root element. */
function paintPage(): HTMLElement {
  const paint = document.createElement('div');
  paint.id = pageElementIds.firstPaint;
  paint.setAttribute('data-first-paint', '');
  paint.innerHTML = renderFirstPaint().routes['/']!;
  document.body.append(paint);
  return paint;
}

const paintedInput = (paint: HTMLElement, name: string) =>
  paint.querySelector<HTMLInputElement>(`input[name=${name}]`)!;

afterEach(() => document.getElementById(pageElementIds.firstPaint)?.remove());

test('what was typed into the painted form, and the field the caret was in, carry over into the live form', () => {
  mockApi({});
  const paint = paintPage();
  paintedInput(paint, 'name').value = 'Ada Lovelace';
  paintedInput(paint, 'phone').value = '0300 123';
  paintedInput(paint, 'phone').focus();
  paintedInput(paint, 'phone').setSelectionRange(4, 4);
  const { container } = renderWithProviders(<DetailsScreen />, { route: '/', path: '/' });
  const live = within(container);
  expect(live.getByLabelText(/Full name/)).toHaveValue('Ada Lovelace');
  expect(live.getByLabelText(/Email/)).toHaveValue('');
  const phone = live.getByLabelText<HTMLInputElement>(/Phone number/);
  expect(phone).toHaveValue('0300 123');
  expect(phone).toHaveFocus();
  expect([phone.selectionStart, phone.selectionEnd]).toEqual([4, 4]);
});

test('a field the caret moved to after the first read is the one the live form puts it back in', () => {
  const paint = paintPage();
  paintedInput(paint, 'name').focus();
  const first = readPaintedForm()!;
  expect(first.focus?.name).toBe('name');
  // The live screen renders in slices: the participant goes on to the email field meanwhile, and
  // the painted inputs are out of the page (none focused) by the time it commits.
  paintedInput(paint, 'email').focus();
  paintedInput(paint, 'email').value = 'ada@example.com';
  paint.remove();
  const latest = rereadPaintedForm(first);
  expect(latest.values.email).toBe('ada@example.com');
  expect(latest.focus?.name).toBe('email');
});

test('a Continue pressed on the painted form is sent by the live form, once', async () => {
  const { calls } = mockApi({
    'POST auth/validateuser': { body: { message: 'ok', status: false, token: 'ptok', response: [], results: null } },
  });
  const paint = paintPage();
  paintedInput(paint, 'name').value = 'Grace Hopper';
  paintedInput(paint, 'email').value = 'grace@example.com';
  paintedInput(paint, 'phone').value = '03001234567';
  paint.querySelector('form')!.setAttribute(queuedSubmitAttribute, '');
  renderWithProviders(<DetailsScreen />, { route: '/', path: '/' });
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  const sent = calls.filter((c) => c.path === 'auth/validateuser');
  expect(sent.map((c) => c.body)).toEqual([{ name: 'Grace Hopper', email: 'grace@example.com', phone: '03001234567' }]);
});

test("a Continue pressed on a painted form with a field left empty shows the field's message in the live form", () => {
  const { calls } = mockApi({});
  const paint = paintPage();
  paintedInput(paint, 'email').value = 'grace@example.com';
  paintedInput(paint, 'phone').value = '03001234567';
  paint.querySelector('form')!.setAttribute(queuedSubmitAttribute, '');
  renderWithProviders(<DetailsScreen />, { route: '/', path: '/' });
  expect(screen.getByText('Name is required')).toBeInTheDocument();
  expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

/** The painted form filled in, with its Continue held down (as the page's inline script marks it). */
function paintPressed(): HTMLElement {
  const paint = paintPage();
  paintedInput(paint, 'name').value = 'Grace Hopper';
  paintedInput(paint, 'email').value = 'grace@example.com';
  paintedInput(paint, 'phone').value = '03001234567';
  paint.querySelector('form')!.setAttribute(pressedSubmitAttribute, '');
  return paint;
}

test('a Continue pressed on the painted form and released on the live one sends the form, once', async () => {
  const { calls } = mockApi({
    'POST auth/validateuser': { body: { message: 'ok', status: false, token: 'ptok', response: [], results: null } },
  });
  paintPressed();
  const { container } = renderWithProviders(<DetailsScreen />, { route: '/', path: '/' });
  const button = within(container).getByRole('button', { name: 'Continue' });
  // The press came before the takeover: nothing is sent until it is released.
  expect(calls.filter((c) => c.path === 'auth/validateuser')).toHaveLength(0);
  fireEvent.pointerUp(button.querySelector('span') ?? button);
  // A click on the live button as well (a browser that fires one) sends nothing more.
  fireEvent.click(button);
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  const sent = calls.filter((c) => c.path === 'auth/validateuser');
  expect(sent.map((c) => c.body)).toEqual([{ name: 'Grace Hopper', email: 'grace@example.com', phone: '03001234567' }]);
});

test('a Continue pressed on the painted form and released elsewhere, or cancelled, sends nothing', () => {
  for (const release of ['elsewhere', 'cancelled'] as const) {
    const { calls } = mockApi({});
    paintPressed();
    const { container, unmount } = renderWithProviders(<DetailsScreen />, { route: '/', path: '/' });
    const button = within(container).getByRole('button', { name: 'Continue' });
    if (release === 'elsewhere') fireEvent.pointerUp(within(container).getByLabelText(/Full name/));
    else fireEvent.pointerCancel(button);
    // Only the first release counts: a later one over Continue is a press of its own, without a click.
    fireEvent.pointerUp(button);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    unmount();
    document.getElementById(pageElementIds.firstPaint)?.remove();
  }
});

test('the reread follows the press: released since the first read, it is no longer pressed', () => {
  const paint = paintPressed();
  const first = readPaintedForm()!;
  expect(first.pressed).toBe(true);
  paint.querySelector('form')!.removeAttribute(pressedSubmitAttribute);
  expect(rereadPaintedForm(first).pressed).toBe(false);
});

test('Continue focused on the painted form (reached with Tab) has the focus in the live form, not the last field', () => {
  mockApi({});
  const paint = paintPage();
  paintedInput(paint, 'phone').focus();
  const first = readPaintedForm()!;
  expect(first.continueFocused).toBe(false);
  paint.querySelector<HTMLButtonElement>('button[type=submit]')!.focus();
  const latest = rereadPaintedForm(first);
  expect(latest.continueFocused).toBe(true);
  expect(latest.focus).toBeUndefined();
  const { container } = renderWithProviders(<DetailsScreen />, { route: '/', path: '/' });
  expect(within(container).getByRole('button', { name: 'Continue' })).toHaveFocus();
});

test('Space held on the painted Continue and released on the live one sends the form, once', async () => {
  const { calls } = mockApi({
    'POST auth/validateuser': { body: { message: 'ok', status: false, token: 'ptok', response: [], results: null } },
  });
  const paint = paintPressed();
  paint.querySelector<HTMLButtonElement>('button[type=submit]')!.focus();
  const { container } = renderWithProviders(<DetailsScreen />, { route: '/', path: '/' });
  const button = within(container).getByRole('button', { name: 'Continue' });
  expect(button).toHaveFocus();
  // Another key let go meanwhile is not the release.
  fireEvent.keyUp(button, { key: 'Shift' });
  expect(calls.filter((c) => c.path === 'auth/validateuser')).toHaveLength(0);
  fireEvent.keyUp(button, { key: ' ' });
  await waitFor(() => expect(screen.getByTestId('elsewhere')).toBeInTheDocument());
  expect(calls.filter((c) => c.path === 'auth/validateuser')).toHaveLength(1);
});
