// The non-federated builds the first-load benchmark compares the shell against.
const path = require('node:path');
const { createAppConfig } = require('../../config/webpack-app.cjs');

const screens = ['details', 'login'];

module.exports = screens.map((screen) =>
  createAppConfig({
    dir: path.resolve(__dirname, '..'),
    name: `baseline_${screen}`,
    host: true,
    federation: false,
    devPort: 8090,
    entry: path.join(__dirname, `${screen}.tsx`),
    outDir: path.join(__dirname, 'dist', screen),
  }),
);
