import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '@prometrica/shared-api/theme';

const placeholder = '<i data-first-paint-children=""></i>';

/**
 * The shell's part of a first paint (config/first-paint.cjs): the style tags its MantineProvider
 * renders (the theme's CSS variables and Mantine's global classes). A remote's first paint brings
 * the screen; the server puts both into the page (server/src/plugins/index-page.ts).
 */
export function renderFirstPaint(): { head: string } {
  const html = renderToStaticMarkup(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <i data-first-paint-children="" />
    </MantineProvider>,
  );
  if (!html.includes(placeholder)) throw new Error('MantineProvider did not render its children where expected');
  return { head: html.replace(placeholder, '') };
}
