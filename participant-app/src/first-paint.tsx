import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { paths } from '@prometrica/shared-api';
import { theme } from '@prometrica/shared-api/theme';
import { DetailsScreen } from './features/details';

/**
 * The details screen as static HTML, for the server to send with the page of `/`
 * (config/first-paint.cjs): the form is painted as soon as the page's HTML and start-up styles
 * arrive, and the shell replaces it with the live screen once it starts. The theme's CSS
 * variables come from the shell's first paint, as they come from its provider in the live page.
 */
export function renderFirstPaint(): { routes: Record<string, string> } {
  const details = renderToStaticMarkup(
    <MantineProvider theme={theme} withCssVariables={false} withGlobalClasses={false}>
      <MemoryRouter initialEntries={[paths.details]}>
        <DetailsScreen />
      </MemoryRouter>
    </MantineProvider>,
  );
  // Inert in the page; read-only too, so that a tool waiting for an editable field (an assistive
  // technology, a test driver) waits for the live one.
  return { routes: { [paths.details]: details.replace(/<input /g, '<input readonly="" ') } };
}
