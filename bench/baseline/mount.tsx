// The non-federated baselines of the first-load benchmark: a screen as one plain webpack app, with
// the same providers the shell gives it.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '@prometrica/shared-api/theme';

export function mount(screen: ReactElement) {
  createRoot(document.getElementById('root')!).render(
    <MantineProvider theme={theme}>
      <Notifications position="top-right" autoClose={5000} />
      <BrowserRouter>
        <Routes>
          <Route path="*" element={screen} />
        </Routes>
      </BrowserRouter>
    </MantineProvider>,
  );
}
