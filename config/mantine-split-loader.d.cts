// Types of mantine-split-loader.cjs, for the tests that call it.
/**
 * `source` with the second-part names of its `@mantine/core` and `@mantine/hooks` imports taken from
 * the second part's key; with `direct`, the hooks among them from that module instead.
 */
export function splitMantineImports(source: string, direct?: string): string;
