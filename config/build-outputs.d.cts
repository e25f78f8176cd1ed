/** The files of a chunk group or a share: paths relative to the build's public path. */
export interface AssetFiles {
  scripts: string[];
  styles: string[];
}

/** `boot-assets.json`: what the shell's start-up loads, the shares it loads at once, and those it loads later. */
export interface BootAssets extends AssetFiles {
  shares: string[];
  /** Each share loaded later, with its own files (minus those start-up loads). */
  later: Record<string, AssetFiles>;
}

/** `route-assets.json`: per client route (lower case, no trailing slash), what its lazily loaded screen needs. */
export interface RouteAssets {
  routes: Record<string, AssetFiles>;
}

/** `first-paint.json`: style markup for the page, and each route's screen as static HTML. */
export interface FirstPaint {
  head: string;
  routes: Record<string, string>;
}

export const bootAssetsFile: 'boot-assets.json';
export const routeAssetsFile: 'route-assets.json';
export const firstPaintFile: 'first-paint.json';

/** A parsed file in its shape, or undefined when it is not one. */
export function readBootAssets(value: unknown): BootAssets | undefined;
export function readRouteAssets(value: unknown): RouteAssets | undefined;
export function readFirstPaint(value: unknown): FirstPaint | undefined;
