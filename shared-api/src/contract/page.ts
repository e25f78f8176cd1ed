// Its own entry (`@prometrica/shared-api/page`), free of imports: the shell's boot data and the
// participant's painted form read these ids without bundling the contract (zod) into the page.

/**
 * Ids of the elements the server puts into the shell's page: the boot data (runtime configuration
 * and remote manifests, a JSON block) and a route's first paint (its screen rendered at build time).
 */
export const pageElementIds = {
  bootData: 'prometrica-boot',
  firstPaint: 'prometrica-first-paint',
} as const;

/**
 * What the page's inline script marks a first paint's form with when it was submitted before the
 * live screen took its place; the live screen then sends it.
 */
export const queuedSubmitAttribute = 'data-submit-queued';

/**
 * What the page's inline script marks a first paint's form with while its submit button is held
 * down (pointer or Space pressed, not yet released): when the live screen takes over in between,
 * the release lands on the live button and the browser fires no click (the press went to an element
 * no longer in the page), so the live screen sends the form on that release itself.
 */
export const pressedSubmitAttribute = 'data-submit-pressed';
