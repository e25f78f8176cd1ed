// Baseline for the first-load benchmark: the admin login as one plain webpack app, without federation.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '@prometrica/shared-api/theme';
import { LoginScreen } from '../../admin-app/src/features/login';

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme}>
    <Notifications position="top-right" autoClose={5000} />
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<LoginScreen />} />
      </Routes>
    </BrowserRouter>
  </MantineProvider>,
);
