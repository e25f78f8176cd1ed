// Types of shared-imports.cjs, for the tests that call it.
/** The files of a package's ES build that the given names of its entry reach. */
export function reachedFiles(entry: string, names: readonly string[]): string[];
/** Throws when a file names `pkg` other than in a named or a bare import. */
export function assertReadableImports(pkg: string, files: readonly string[]): void;
/** The `.ts`, `.tsx` and `.mjs` files under `dir` (tests, `node_modules` and `dist` left out). */
export function sourceFiles(dir: string): string[];
/** Runtime names imported from `pkg` in the given files (type-only imports excluded), with a file each. */
export function importedNames(pkg: string, files: readonly string[]): Map<string, string>;
