// Writes `mf-manifest.json` into a remote's build: the name of the global its container defines,
// its entry script, and for each exposed module the scripts and styles it loads before it runs
// (its chunk group, named after it). The shell reads the entry from it and the server the chunks
// to preload (@prometrica/shared-api/remote-manifest); the shape is the one Module Federation's
// manifests have, trimmed to what is read.
const { chunkGroupFiles } = require('./chunk-group-files.cjs');

/** The chunk name of an exposed module (`./routes` → `__federation_expose_routes`). */
const exposeChunkName = (exposed) => `__federation_expose_${exposed.replace(/^\.\//, '').replace(/[^\w]/g, '_')}`;

class RemoteManifestPlugin {
  /** @param {{ name: string, filename: string, exposes: string[], fileName?: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    const { name, filename, exposes, fileName = 'mf-manifest.json' } = this.options;
    compiler.hooks.thisCompilation.tap('RemoteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const manifest = {
            id: name,
            name,
            metaData: {
              name,
              globalName: name,
              remoteEntry: { name: filename, path: '', type: 'var' },
              publicPath: 'auto',
            },
            exposes: exposes.map((exposed) => {
              const group = compilation.namedChunkGroups.get(exposeChunkName(exposed));
              if (!group) {
                compilation.errors.push(new WebpackError(`RemoteManifestPlugin: no chunk group for ${exposed}`));
              }
              const files = chunkGroupFiles([group], new Set([filename]));
              return {
                id: `${name}:${exposed.replace(/^\.\//, '')}`,
                name: exposed.replace(/^\.\//, ''),
                path: exposed,
                assets: { js: { sync: files.scripts, async: [] }, css: { sync: files.styles, async: [] } },
              };
            }),
          };
          compilation.emitAsset(fileName, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { RemoteManifestPlugin, exposeChunkName };
