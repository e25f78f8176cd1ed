/** The two parts of @mantine/core's stylesheet (see mantine-styles.cjs). */
export function splitStylesheet(
  packageDir: string,
  firstComponents: readonly string[],
): { first: string; later: string };
export function writeMantineStyles(
  packageDir: string,
  firstComponents: readonly string[],
  dir: string,
): { first: string; later: string };
/** The top-level rules inside a stylesheet's single `@layer mantine { ... }`, in order. */
export function layerRules(text: string): string[];
