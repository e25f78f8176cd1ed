// Writes `boot-assets.json` into the shell's build: the scripts and styles the shell loads right
// after its entry script (the async boundary `./bootstrap`, and the chunks of any library it shares
// that is not in the entry script itself, except the ones loaded later). The server lists them as
// preload hints in index.html, so the browser fetches them in parallel with the entry script
// instead of one round trip after another.
const { bootAssetsFile } = require('./build-outputs.cjs');
const { chunkGroupFiles } = require('./chunk-group-files.cjs');

class BootAssetsPlugin {
  /** @param {{ lazyShares?: string[] }} options share keys not needed by a first screen */
  constructor(options = {}) {
    this.lazyShares = new Set(options.lazyShares ?? []);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BootAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BootAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const { chunkGraph } = compilation;
          const entryFiles = new Set();
          const groups = [];
          for (const entrypoint of compilation.entrypoints.values()) {
            for (const chunk of entrypoint.chunks) for (const file of chunk.files) entryFiles.add(file);
            for (const chunk of entrypoint.chunks) {
              for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) {
                for (const block of module.blocks) groups.push(chunkGraph.getBlockChunkGroup(block));
              }
            }
          }
          const shares = [];
          const lazyGroups = new Map();
          for (const module of compilation.modules) {
            if (module.constructor.name !== 'ProvideSharedModule') continue;
            const target = this.lazyShares.has(module._name) ? [] : groups;
            if (target !== groups) lazyGroups.set(module._name, target);
            else shares.push(module._name);
            for (const block of module.blocks) target.push(chunkGraph.getBlockChunkGroup(block));
          }
          const filesOf = (list) => chunkGroupFiles(list, entryFiles);
          const start = filesOf(groups);
          // The shares loaded later, with their own files (the server may preload them for the
          // routes known to need them), minus what start-up already loads.
          const later = {};
          for (const [name, list] of lazyGroups) {
            const files = filesOf(list);
            later[name] = {
              scripts: files.scripts.filter((f) => !start.scripts.includes(f)),
              styles: files.styles.filter((f) => !start.styles.includes(f)),
            };
          }
          /** @type {import('./build-outputs.cjs').BootAssets} */
          const body = { ...start, shares: shares.sort(), later };
          compilation.emitAsset(bootAssetsFile, new sources.RawSource(`${JSON.stringify(body, null, 2)}\n`));
        },
      );
    });
  }
}

module.exports = { BootAssetsPlugin };
