// Standalone development mount: the remote with its own providers and router, without the shell.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Route } from 'react-router-dom';
import { participantScreenRoutes } from '@prometrica/shared-api';
import { mountStandalone } from '@prometrica/shared-api/standalone';
import routes from './exposed/routes';

mountStandalone(
  participantScreenRoutes.map(([path, screen]) => {
    const Screen = routes.screens[screen];
    return <Route key={path} path={path} element={<Screen />} />;
  }),
);
