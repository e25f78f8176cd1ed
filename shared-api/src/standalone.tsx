// A remote's standalone development mount: the remote with its own providers and router, without
// the shell (`pnpm --filter <remote> dev`). The remotes import it from their bootstrap only.
import { Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Routes } from 'react-router-dom';
import { Loader, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

/** Renders `routes` (`<Route>` elements) into `#root` with the providers the shell would give. */
export function mountStandalone(routes: ReactNode): void {
  createRoot(document.getElementById('root')!).render(
    <MantineProvider>
      <Notifications position="top-right" autoClose={5000} />
      <BrowserRouter>
        <Suspense fallback={<Loader />}>
          <Routes>{routes}</Routes>
        </Suspense>
      </BrowserRouter>
    </MantineProvider>,
  );
}
