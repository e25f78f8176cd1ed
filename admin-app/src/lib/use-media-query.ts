import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether `query` matches, read during the first render. Mantine's default answers `false` first
 * and sets the real value from an effect, which renders the whole screen a second time (and shows
 * the desktop table for a moment on a phone); this app only ever renders in the browser, where the
 * answer is known at once.
 */
export function useMatchesMedia(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false });
}
