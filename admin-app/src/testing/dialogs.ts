import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Clicks the button named `button` once it shows, and returns the dialog named `name` that opens. */
export async function openDialog(button: string, name: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.getByRole('dialog', { name });
}

/**
 * Clicks the button named `button` in `dialog`, waits for the message `saved`, and expects the PUT
 * among `calls` to have sent `body`.
 */
export async function saveAndExpectPut(
  dialog: HTMLElement,
  button: string,
  saved: string,
  calls: ReadonlyArray<{ method: string; body: unknown }>,
  body: unknown,
) {
  await userEvent.click(within(dialog).getByRole('button', { name: button }));
  expect(await screen.findByText(saved)).toBeInTheDocument();
  expect(calls.find((c) => c.method === 'PUT')?.body).toEqual(body);
}
