// Writes `mf-manifest.json` into a remote's build: the name of the global its container defines,
// its entry script, and for each exposed module the scripts and styles it loads before it runs
// (the chunk group the container loads it with). The shell reads the entry from it and the server
// the chunks to preload (@prometrica/shared-api/remote-manifest); the shape is the one Module
// Federation's manifests have, trimmed to what is read.
const { chunkGroupFiles } = require('./chunk-group-files.cjs');

class RemoteManifestPlugin {
  /** @param {{ name: string, filename: string, fileName?: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    const { name, filename, fileName = 'mf-manifest.json' } = this.options;
    compiler.hooks.thisCompilation.tap('RemoteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemoteManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph } = compilation;
          // The container is the entry module of the entry point named after the remote.
          const entrypoint = compilation.entrypoints.get(name);
          const [container] = entrypoint
            ? chunkGraph.getChunkEntryModulesIterable(entrypoint.getEntrypointChunk())
            : [];
          if (!container) {
            compilation.errors.push(new WebpackError(`RemoteManifestPlugin: the build has no container named ${name}`));
            return;
          }
          // One block per exposed module, holding the dependency that names it (`./routes`).
          const exposes = container.blocks.map((block) => {
            const exposed = block.dependencies[0].exposedName;
            const files = chunkGroupFiles([chunkGraph.getBlockChunkGroup(block)], new Set([filename]));
            const short = exposed.replace(/^\.\//, '');
            return {
              id: `${name}:${short}`,
              name: short,
              path: exposed,
              assets: { js: { sync: files.scripts, async: [] }, css: { sync: files.styles, async: [] } },
            };
          });
          const manifest = {
            id: name,
            name,
            metaData: {
              name,
              globalName: name,
              remoteEntry: { name: filename, path: '', type: 'var' },
              publicPath: 'auto',
            },
            exposes,
          };
          compilation.emitAsset(fileName, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { RemoteManifestPlugin };
