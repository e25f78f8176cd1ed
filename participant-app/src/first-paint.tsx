import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { paths } from '@prometrica/shared-api';
import { theme } from '@prometrica/shared-api/theme';
import { DetailsScreen } from './features/details';

/**
 * The details screen as static HTML, for the server to send with the page of `/`
 * (config/first-paint.cjs): the form is painted, and can be typed into, as soon as the page's HTML
 * and start-up styles arrive, and the shell replaces it with the live screen once it starts. The theme's CSS
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
  // Live in the page: its inputs take typing at once, and the details screen carries what was typed
  // into the live form when it takes their place (features/details/painted-form.ts).
  return { routes: { [paths.details]: details } };
}
