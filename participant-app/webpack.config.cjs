const { createAppConfig } = require('../config/webpack-app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'participant_app',
  devPort: 8081,
  exposes: { './routes': './src/exposed/routes.tsx' },
  // The details screen, rendered at build time for the page of `/` (config/first-paint.cjs).
  firstPaint: './src/first-paint.tsx',
});
