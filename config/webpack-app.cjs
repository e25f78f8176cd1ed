// One webpack configuration for the three front-end builds (the shell host and both remotes), so
// loaders, sharing and output naming can never drift between them.
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');
const { DefinePlugin, container } = require('webpack');
const { subsetModules, platform, laterKey, firstStylesKey } = require('./shared-subsets.cjs');
const { BootAssetsPlugin } = require('./boot-assets-plugin.cjs');
const { RouteAssetsPlugin } = require('./route-assets-plugin.cjs');
const { RemoteManifestPlugin } = require('./remote-manifest-plugin.cjs');
const { BrowserOutputPlugin, firstPaintConfig } = require('./first-paint.cjs');

const root = path.resolve(__dirname, '..');
/** A remote's container script: not content-hashed, its manifest names it. */
const remoteEntryFile = 'remoteEntry.js';

/** Exact installed version of a package, read from the app's own node_modules. */
function installedVersion(appDir, pkg) {
  // Not require.resolve: packages with an `exports` map hide their package.json.
  const file = path.join(appDir, 'node_modules', pkg, 'package.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')).version;
}

/**
 * Libraries that exist once in the page. The slash keys share subpaths such as
 * `react-dom/client` and `react/jsx-runtime` with the same singleton. With `provided: false` (a
 * remote's production build) the app takes every one from the shell and carries no copy of its own:
 * the shell provides them all from the same list, before any remote starts. `subsets`: the module
 * each subset-shared key is built from (config/shared-subsets.cjs). With `eager` (the shell's
 * production build), the libraries of the first screens are provided from the entry script itself,
 * one file instead of a chunk or more each: fewer requests, and the bytes compress better together.
 */
function sharedLibraries(appDir, subsets, provided, eager) {
  const singleton = (pkg, key = pkg) => [
    key,
    {
      singleton: true,
      requiredVersion: `^${installedVersion(appDir, pkg)}`,
      version: installedVersion(appDir, pkg),
      ...(!provided ? { import: false } : subsets[key] ? { import: subsets[key] } : {}),
      ...(eager && key !== laterKey ? { eager: true } : {}),
    },
  ];
  return Object.fromEntries([
    singleton('react'),
    singleton('react', 'react/'),
    singleton('react-dom'),
    singleton('react-dom', 'react-dom/'),
    singleton('react-router'),
    singleton('react-router-dom'),
    singleton('@mantine/core'),
    // The part of @mantine/core no first screen needs (config/shared-subsets.cjs).
    singleton('@mantine/core', laterKey),
    singleton('@mantine/hooks'),
    singleton('@mantine/notifications'),
    singleton('zustand'),
    singleton('@prometrica/shared-api'),
  ]);
}

/** PROMETRICA_RELEASE, or the app's version and build date. */
function releaseLabel(appDir) {
  if (process.env.PROMETRICA_RELEASE) return process.env.PROMETRICA_RELEASE;
  const { version } = JSON.parse(fs.readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  return `${version} (${new Date().toISOString().slice(0, 10)})`;
}

/**
 * @param {object} app
 * @param {string} app.dir        the app's folder
 * @param {string} app.name       federation container name (snake_case)
 * @param {number} app.devPort    port of the standalone dev server
 * @param {Record<string,string>} [app.exposes]  modules a remote exposes
 * @param {boolean} [app.host]    true for the shell
 * @param {Record<string,string[]>} [app.routeAssets]  route path → chunk names its screen loads (route-assets.json)
 * @param {boolean} [app.federation]  false builds a plain single app (the benchmarks' baseline)
 * @param {string} [app.entry]        entry module (default ./src/index.ts)
 * @param {string} [app.outDir]       output folder (default <dir>/dist)
 * @param {string} [app.firstPaint]   module whose renderFirstPaint() gives first-paint.json (config/first-paint.cjs)
 */
function createAppConfig(app) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const host = Boolean(app.host);
    const cssLoader = host || !production ? MiniCssExtractPlugin.loader : 'style-loader';
    const federation = app.federation !== false;
    // A remote's own page and entry are its standalone development mount; its production build is
    // the container alone, which takes every shared library from the shell.
    const standalone = host || !production || !federation;
    const { files: subsets, styles } = federation ? subsetModules(app.dir) : { files: {}, styles: undefined };
    const outDir = app.outDir ?? path.join(app.dir, 'dist');
    // The TypeScript and CSS-module loaders, shared with the first paint's Node build (the same
    // class names).
    const typescript = {
      test: /\.[cm]?tsx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic', development: !production } },
            target: 'es2020',
          },
        },
      },
    };
    const cssModules = {
      loader: require.resolve('css-loader'),
      options: { modules: { namedExport: false, localIdentName: production ? '[hash:base64:6]' : '[name]__[local]' } },
    };
    const web = {
      name: app.name,
      context: app.dir,
      mode: production ? 'production' : 'development',
      devtool: production ? false : 'eval-cheap-module-source-map',
      entry: standalone ? { main: app.entry ?? './src/index.ts' } : {},
      output: {
        path: outDir,
        // The shell is served at the site root (deep links like /dashboard/overview); a remote's
        // folder can be copied to any host, so it finds its own chunks ('auto').
        publicPath: host ? '/' : 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        uniqueName: app.name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Without federation, take react-router's production build directly, as the shared subset does,
        // so the baseline is not inflated by its development build.
        alias: !federation
          ? { 'react-router-dom$': platform['react-router-dom'].entry(app.dir) }
          : {
              [`${laterKey}$`]: subsets[laterKey],
              [`${firstStylesKey}$`]: styles.first,
            },
      },
      module: {
        rules: [
          // Federation builds take the second parts of @mantine/core and @mantine/hooks from their own
          // share key; @mantine/core's own modules take the second part's hooks from their entry.
          ...(federation
            ? [
                {
                  test: /\.[cm]?tsx?$/,
                  exclude: /node_modules/,
                  enforce: 'pre',
                  use: require.resolve('./mantine-split-loader.cjs'),
                },
                {
                  test: /\.mjs$/,
                  include: /[\\/]@mantine[\\/](notifications|charts)[\\/]esm[\\/]/,
                  enforce: 'pre',
                  use: require.resolve('./mantine-split-loader.cjs'),
                },
                {
                  test: /\.mjs$/,
                  include: /[\\/]@mantine[\\/]core[\\/]esm[\\/]/,
                  enforce: 'pre',
                  use: {
                    loader: require.resolve('./mantine-split-loader.cjs'),
                    options: { direct: platform['@mantine/hooks'].entry(app.dir) },
                  },
                },
              ]
            : []),
          typescript,
          { test: /\.module\.css$/, use: [cssLoader, cssModules] },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            use: [cssLoader, require.resolve('css-loader')],
          },
          { test: /\.(woff2?|ttf|png|svg|jpe?g)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        // Which release of this app is running: set PROMETRICA_RELEASE when building a release.
        new DefinePlugin({ __PROMETRICA_RELEASE__: JSON.stringify(releaseLabel(app.dir)) }),
        // webpack's own Module Federation: the shell loads a remote's container itself
        // (shell/src/remotes/container.ts), so no federation runtime library is in the page
        // (docs/architecture.md, "Module Federation without a runtime library").
        federation &&
          new container.ModuleFederationPlugin({
            name: app.name,
            ...(host
              ? {}
              : {
                  filename: remoteEntryFile,
                  exposes: app.exposes,
                }),
            shared: sharedLibraries(app.dir, subsets, standalone, host && production),
          }),
        federation && !host && new RemoteManifestPlugin({ name: app.name, filename: remoteEntryFile }),
        standalone &&
          new HtmlWebpackPlugin({
            template: path.join(root, 'config', 'index.html'),
            title: 'Prometrica',
            scriptLoading: 'defer',
            // A remote's page is only its standalone development mount; the shell's page is the product.
            chunks: ['main'],
          }),
        // What the server preloads for the first screen (config/boot-assets-plugin.cjs).
        host && federation && new BootAssetsPlugin({ lazyShares: [laterKey] }),
        // What the server preloads for a remote's lazily loaded screens (config/route-assets-plugin.cjs).
        app.routeAssets && new RouteAssetsPlugin({ routes: app.routeAssets }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        }),
        ...(production
          ? [
              // Compressed once here; the server sends these files as they are.
              new CompressionPlugin({
                algorithm: 'gzip',
                test: /\.(js|css|html|json|svg)$/,
                threshold: 0,
                minRatio: 1,
                filename: '[path][base].gz',
              }),
              new CompressionPlugin({
                algorithm: 'brotliCompress',
                test: /\.(js|css|html|json|svg)$/,
                threshold: 0,
                minRatio: 1,
                filename: '[path][base].br',
                compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              }),
            ]
          : []),
      ].filter(Boolean),
      optimization: {
        minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port: app.devPort,
        host: '127.0.0.1',
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/config.json'], target: 'http://127.0.0.1:3000' }],
      },
    };
    // The first paint is a production artefact: the development servers show the live app only.
    if (!app.firstPaint || !production || !federation) return web;
    const browserOutput = { path: outDir };
    web.plugins.push(new BrowserOutputPlugin(browserOutput));
    return [
      web,
      firstPaintConfig({
        dir: app.dir,
        entry: app.firstPaint,
        browserOutput,
        dependsOn: app.name,
        typescript,
        cssModules,
      }),
    ];
  };
}

module.exports = { createAppConfig };
