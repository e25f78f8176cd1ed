// Standalone development mount: the remote with its own providers and router, without the shell.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Route } from 'react-router-dom';
import { paths } from '@prometrica/shared-api';
import { mountStandalone } from '@prometrica/shared-api/standalone';
import routes from './exposed/routes';

const { login: Login, dashboard: Dashboard } = routes.screens;

mountStandalone(
  <>
    <Route path={paths.adminLogin} element={<Login />} />
    <Route path={paths.login} element={<Login />} />
    <Route path={`${paths.dashboard}/*`} element={<Dashboard />} />
    <Route path="*" element={<Login />} />
  </>,
);
