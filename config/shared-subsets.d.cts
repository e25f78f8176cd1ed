/** The names each shared library offers (see shared-subsets.cjs). */
interface SharedLibrary {
  /** The library's ES build for an app's folder. */
  entry(appDir: string): string;
  /** Shared under the library's own key and loaded at start. */
  exports: string[];
  /** The Mantine packages and shared-api: shared under `laterKey`, loaded with the first screen that uses one. */
  later?: string[];
}
export const platform: Record<
  '@mantine/core' | '@mantine/hooks' | '@prometrica/shared-api' | 'react-router-dom',
  SharedLibrary
>;
export const laterKey: string;
export const firstStylesKey: string;
/** Writes the re-export modules; the share keys' files, and the first part of Mantine's stylesheet. */
export function subsetModules(appDir: string): {
  files: Record<string, string>;
  styles: { first: string; later: string };
};
/** Throws, naming each one, when an app or a Mantine module uses a name the platform does not offer. */
export function checkContract(): void;
