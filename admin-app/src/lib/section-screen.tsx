import { createElement, lazy, useState, type ComponentType } from 'react';
import type { Loader } from './load-once';

/**
 * A screen from a section's chunk. When the chunk has already loaded (the shell preloads the
 * address's section at start), it renders at once, where `lazy` would first suspend: a fallback
 * painted, and a second render for the screen. Otherwise it loads lazily, as `lazy` does.
 */
export function sectionScreen<M, P extends object = object>(
  loader: Loader<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(() => loader().then((module) => ({ default: pick(module) })));
  function SectionScreen(props: P) {
    // Decided once per mount: switching from the lazy wrapper to the screen would remount it.
    const [module] = useState(loader.loaded);
    return createElement(module ? pick(module) : Lazy, props);
  }
  SectionScreen.displayName = 'SectionScreen';
  return SectionScreen;
}
