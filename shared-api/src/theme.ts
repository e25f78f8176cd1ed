import { Notification, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Primary: dark green. */
const brand: MantineColorsTuple = [
  '#e8f5ec',
  '#d2e9da',
  '#a3d2b4',
  '#71ba8b',
  '#48a66a',
  '#2f9a56',
  '#1f8a47',
  '#15773b',
  '#0f6a33',
  '#055a28',
];
/** Secondary: dark grey. */
const ink: MantineColorsTuple = [
  '#f3f4f5',
  '#e6e7e8',
  '#cacdd0',
  '#abb0b5',
  '#92989e',
  '#818990',
  '#78818a',
  '#666e77',
  '#5a626b',
  '#3a4047',
];

/**
 * The brand theme, applied once by the shell (remotes render inside it), and by the build-time
 * renders of first screens (config/first-paint.cjs). Its own entry (`@prometrica/shared-api/theme`):
 * the root entry stays free of Mantine.
 */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 8, dark: 6 },
  colors: { brand, ink },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    // A badge in a narrow table column shows its whole word rather than "PENDI…". Plain objects
    // (not Badge.extend, Modal.extend) so the theme does not pull the code of components no first
    // screen shows into the first load.
    Badge: { styles: { root: { minWidth: 'fit-content', flexShrink: 0 } } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // Every toast gets a named close button and a description dark enough to read (WCAG AA).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
    }),
  },
});

/** Colours used with the `light` variant (badges, light buttons) across the apps. */
const lightVariantColors = [
  'brand',
  'ink',
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'cyan',
  'blue',
  'violet',
];

/**
 * Mantine's dimmed grey, error red and light-variant text colours are about 3:1 on their
 * backgrounds; these darker ones reach WCAG AA (4.5:1) for text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    ...Object.fromEntries(
      lightVariantColors.map((color) => [
        `--mantine-color-${color}-light-color`,
        `color-mix(in srgb, var(--mantine-color-${color}-9) 65%, black)`,
      ]),
    ),
  },
  dark: {},
});
