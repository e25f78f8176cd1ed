// Standalone development mount: the remote with its own providers and router, without the shell.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Loader, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { paths } from '@prometrica/shared-api';
import routes from './exposed/routes';

const { login: Login, dashboard: Dashboard } = routes.screens;

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <Notifications position="top-right" autoClose={5000} />
    <BrowserRouter>
      <Suspense fallback={<Loader />}>
        <Routes>
          <Route path={paths.adminLogin} element={<Login />} />
          <Route path={paths.login} element={<Login />} />
          <Route path={`${paths.dashboard}/*`} element={<Dashboard />} />
          <Route path="*" element={<Login />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  </MantineProvider>,
);
