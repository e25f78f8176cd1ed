// Baseline for the first-load benchmark: the participant details screen as one plain webpack app,
// without federation, with the same providers the shell gives it.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '@prometrica/shared-api/theme';
import { DetailsScreen } from '../../participant-app/src/features/details';

createRoot(document.getElementById('root')!).render(
  <MantineProvider theme={theme}>
    <Notifications position="top-right" autoClose={5000} />
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<DetailsScreen />} />
      </Routes>
    </BrowserRouter>
  </MantineProvider>,
);
