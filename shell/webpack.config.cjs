const { createAppConfig } = require('../config/webpack-app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  devPort: 8080,
  // The providers' style tags for the first paint of a remote's screen (config/first-paint.cjs).
  firstPaint: './src/first-paint.tsx',
});
