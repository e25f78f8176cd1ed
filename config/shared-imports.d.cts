// Types of shared-imports.cjs, for the tests that call it.
/** The files of a package's ES build that the given names of its entry reach. */
export function reachedFiles(entry: string, names: readonly string[]): string[];
/** Throws when a file names `pkg` other than in a named or a bare import. */
export function assertReadableImports(pkg: string, files: readonly string[]): void;
