import type { RuntimeConfig } from '@prometrica/shared-api';
import { pageElementIds } from '@prometrica/shared-api/page';

/**
 * What the server can put into index.html so the first screen needs fewer round trips: the
 * runtime configuration (`/config.json`'s content) and the manifests of remotes it hosts itself.
 * A JSON block (`<script type="application/json">`), never executed, so the CSP stays strict.
 */
export interface BootData {
  config?: Partial<RuntimeConfig>;
  /** Remote manifests by the URL `/config.json` names them with. */
  manifests?: Record<string, unknown>;
}

export const bootDataElementId = pageElementIds.bootData;

/**
 * The screen the server may have painted into the root element from a build-time render (its
 * first paint, server/src/plugins/first-paint.ts). Inert until the first render replaces it.
 */
export const firstPaintElementId = pageElementIds.firstPaint;

let cached: BootData | undefined;

/** The boot data of this page, or an empty object (no element, or unreadable). */
export function bootData(): BootData {
  if (cached) return cached;
  cached = {};
  try {
    const text = typeof document === 'undefined' ? null : document.getElementById(bootDataElementId)?.textContent;
    if (text) {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') cached = parsed as BootData;
    }
  } catch {
    // A broken block means "nothing inlined": everything is fetched as before.
  }
  return cached;
}

const absolute = (url: string) => {
  try {
    return new URL(url, location.href).href;
  } catch {
    return url;
  }
};

/**
 * The inlined manifest for `url`, once: a later load of the same remote (a retry after a failure)
 * fetches it from the network like any other.
 */
export function takeInlineManifest(url: string): unknown {
  const manifests = bootData().manifests;
  if (!manifests) return undefined;
  const wanted = absolute(url);
  for (const [key, manifest] of Object.entries(manifests)) {
    if (absolute(key) === wanted) {
      delete manifests[key];
      return manifest;
    }
  }
  return undefined;
}

/** For tests: forget what was read. */
export function resetBootData(): void {
  cached = undefined;
}
