// The first paint of a route, rendered at build time: an app's `src/first-paint.tsx` renders a
// screen (or, for the shell, its providers' style tags) to static HTML in Node, and the build
// writes the result to `first-paint.json` in the app's dist. The server puts it into the page it
// sends for that route, so the screen is painted as soon as the HTML and the start-up stylesheet
// have arrived, instead of after every script has downloaded and run; the app replaces it with the
// live screen when it starts (see server/src/plugins/index-page.ts).
//
// The render runs from a Node build of the entry made with the same loaders as the browser build,
// so CSS module class names are the same; the CSS of the modules it imports is collected
// (config/first-paint-style-loader.cjs) and written with the markup.
const path = require('node:path');
const fs = require('node:fs');
const { firstPaintFile } = require('./build-outputs.cjs');

/** Where the collecting loader leaves each CSS module's text while the render's bundle loads. */
const collectedCssKey = '__prometricaFirstPaintCss';

/**
 * Given to the browser build: records the folder it wrote into (`--output-path` may have moved it),
 * for the first paint to be written next to it.
 */
class BrowserOutputPlugin {
  /** @param {{ path: string }} output where the browser build's folder is recorded */
  constructor(output) {
    this.output = output;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('BrowserOutputPlugin', () => {
      this.output.path = compiler.outputPath;
    });
  }
}

/**
 * Loads the Node build of the entry, calls its `renderFirstPaint()` and writes first-paint.json
 * into the browser build's folder: `{ head, routes }`, `head` being style markup for the page and
 * `routes` the markup of each route's screen.
 */
class FirstPaintPlugin {
  /**
   * @param {{ browserOutput: { path: string }, bundleDir: string }} options the browser build's
   *   folder (as recorded), and the Node build's own
   */
  constructor(options) {
    this.browserOutput = options.browserOutput;
    this.bundleDir = options.bundleDir;
  }

  apply(compiler) {
    // The Node build keeps to its own folder even when the command line names an output folder for
    // every build (`webpack --output-path <release folder>`): written there, it would replace the
    // browser build it follows (its `clean`) with a bundle no browser needs.
    compiler.options.output.path = this.bundleDir;
    compiler.hooks.afterEmit.tap('FirstPaintPlugin', (compilation) => {
      if (compilation.errors.length > 0) return;
      const bundle = path.join(compiler.outputPath, 'first-paint.js');
      delete require.cache[require.resolve(bundle)];
      globalThis[collectedCssKey] = [];
      try {
        const rendered = require(bundle).renderFirstPaint();
        const css = globalThis[collectedCssKey].join('\n').trim();
        const head = `${css ? `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>` : ''}${rendered.head ?? ''}`;
        /** @type {import('./build-outputs.cjs').FirstPaint} */
        const body = { head, routes: rendered.routes ?? {} };
        fs.mkdirSync(this.browserOutput.path, { recursive: true });
        fs.writeFileSync(path.join(this.browserOutput.path, firstPaintFile), `${JSON.stringify(body)}\n`);
      } catch (error) {
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `The first paint could not be rendered: ${error && error.stack ? error.stack : error}`,
          ),
        );
      } finally {
        delete globalThis[collectedCssKey];
      }
    });
  }
}

/**
 * The Node build of an app's first-paint entry. It runs after the browser build named
 * `dependsOn` (whose `clean` would otherwise remove the file) and writes into the folder that build
 * wrote into, which `browserOutput` records: give the browser build
 * `new BrowserOutputPlugin(browserOutput)`, with `browserOutput.path` the configured folder to begin
 * with. `typescript` and `cssModules` are the browser build's rule and loader.
 * @param {{ dir: string, entry: string, browserOutput: { path: string }, dependsOn: string, typescript: object, cssModules: object }} options
 */
function firstPaintConfig({ dir, entry, browserOutput, dependsOn, typescript, cssModules }) {
  const bundleDir = path.join(dir, 'node_modules', '.cache', 'first-paint');
  return {
    name: `${dependsOn}-first-paint`,
    dependencies: [dependsOn],
    context: dir,
    mode: 'production',
    target: 'node',
    devtool: false,
    entry: { 'first-paint': entry },
    output: {
      path: bundleDir,
      filename: '[name].js',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        typescript,
        // The browser build's CSS-module loader: the same class names.
        { test: /\.module\.css$/, use: [require.resolve('./first-paint-style-loader.cjs'), cssModules] },
        // Global stylesheets (Mantine's) are linked by the page itself.
        { test: /\.css$/, exclude: /\.module\.css$/, use: require.resolve('./first-paint-style-loader.cjs') },
        { test: /\.(woff2?|ttf|png|svg|jpe?g)$/, type: 'asset/resource' },
      ],
    },
    plugins: [new FirstPaintPlugin({ browserOutput, bundleDir })],
    // Read once at build time: no minifying, no chunks.
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { firstPaintConfig, BrowserOutputPlugin, collectedCssKey };
