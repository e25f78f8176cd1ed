// Standalone development mount: the remote with its own providers and router, without the shell.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Loader, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { paths, type ParticipantScreen } from '@prometrica/shared-api';
import routes from './exposed/routes';

const table: [string, ParticipantScreen][] = [
  [paths.details, 'details'],
  [paths.welcome, 'welcome'],
  [paths.consent, 'consent'],
  [paths.question, 'quiz'],
  [paths.questions, 'quiz'],
  [paths.submit, 'submit'],
  [paths.reports, 'reports'],
  [paths.concerns, 'concerns'],
  [paths.thankyou, 'thankyou'],
];

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <Notifications position="top-right" autoClose={5000} />
    <BrowserRouter>
      <Suspense fallback={<Loader />}>
        <Routes>
          {table.map(([path, screen]) => {
            const Screen = routes.screens[screen];
            return <Route key={path} path={path} element={<Screen />} />;
          })}
        </Routes>
      </Suspense>
    </BrowserRouter>
  </MantineProvider>,
);
