import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  /** Where the router starts. */
  route?: string;
  /** Route pattern the element is mounted at (defaults to every path). */
  path?: string;
}

/** Renders with the real providers (Mantine in test mode, notifications, a memory router). */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', ...options }: Options = {}) {
  // The notifications store outlives a test; start each render without the last test's notices.
  notifications.clean();
  return render(
    <MantineProvider env="test">
      <Notifications />
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
    options,
  );
}

export { mockApi } from '../../../config/test-http';
