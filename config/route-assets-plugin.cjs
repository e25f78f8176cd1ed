// Writes `route-assets.json` into a remote's build: for each client route whose screen is loaded
// lazily, the scripts and styles of the chunk groups that screen needs (named with
// `webpackChunkName`). The server lists them as preload hints in that route's page, so they
// download alongside the shell's start-up scripts instead of after the remote has started.
const { routeAssetsFile } = require('./build-outputs.cjs');
const { chunkGroupFiles } = require('./chunk-group-files.cjs');

class RouteAssetsPlugin {
  /** @param {{ routes: Record<string, string[]> }} options the chunk names each route path loads */
  constructor(options) {
    this.routes = options.routes;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RouteAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          /** @type {import('./build-outputs.cjs').RouteAssets['routes']} */
          const routes = {};
          for (const [route, names] of Object.entries(this.routes)) {
            const groups = names.map((name) => {
              const group = compilation.namedChunkGroups.get(name);
              if (!group)
                compilation.errors.push(
                  new WebpackError(
                    `RouteAssetsPlugin: no chunk is named "${name}" (route ${route}); name its import with webpackChunkName`,
                  ),
                );
              return group;
            });
            routes[route] = chunkGroupFiles(groups);
          }
          compilation.emitAsset(routeAssetsFile, new sources.RawSource(`${JSON.stringify({ routes }, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { RouteAssetsPlugin };
