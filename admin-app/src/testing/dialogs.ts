import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Clicks the button named `button` once it shows, and returns the dialog named `name` that opens. */
export async function openDialog(button: string, name: string) {
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.getByRole('dialog', { name });
}
