// `@prometrica/shared-api/testing`: the component tests' render helper, one for the three apps.
// Only test files import it (no entry of a browser build reaches it), so the libraries it needs are
// shared-api's devDependencies, the same installed copies the apps use.
import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  /** Where the router starts, optionally with navigation state. */
  route?: string | { pathname: string; state?: unknown };
  /** Route pattern the element is mounted at (defaults to every path). */
  path?: string;
}

/** Renders with the real providers (Mantine in test mode, notifications, a memory router). */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', ...options }: Options = {}) {
  // The notifications store outlives a test: start each render without the previous test's toasts.
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
export { participantContentFixture, participantReportFixture, reportContentFixture } from './report-fixture';
