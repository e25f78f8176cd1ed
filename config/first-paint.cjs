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
 * Loads the Node build of the entry, calls its `renderFirstPaint()` and writes first-paint.json
 * into the browser build's folder: `{ head, routes }`, `head` being style markup for the page and
 * `routes` the markup of each route's screen.
 */
class FirstPaintPlugin {
  /** @param {{ outDir: string }} options the browser build's folder */
  constructor(options) {
    this.outDir = options.outDir;
  }

  apply(compiler) {
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
        fs.mkdirSync(this.outDir, { recursive: true });
        fs.writeFileSync(path.join(this.outDir, firstPaintFile), `${JSON.stringify(body)}\n`);
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
 * `dependsOn` (whose `clean` would otherwise remove the file) and writes into `outDir`.
 * `typescript` and `cssModules` are the browser build's rule and loader.
 * @param {{ dir: string, entry: string, outDir: string, dependsOn: string, typescript: object, cssModules: object }} options
 */
function firstPaintConfig({ dir, entry, outDir, dependsOn, typescript, cssModules }) {
  return {
    name: `${dependsOn}-first-paint`,
    dependencies: [dependsOn],
    context: dir,
    mode: 'production',
    target: 'node',
    devtool: false,
    entry: { 'first-paint': entry },
    output: {
      path: path.join(dir, 'node_modules', '.cache', 'first-paint'),
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
    plugins: [new FirstPaintPlugin({ outDir })],
    // Read once at build time: no minifying, no chunks.
    optimization: { minimize: false, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { firstPaintConfig, collectedCssKey };
