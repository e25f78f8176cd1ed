const { createAppConfig } = require('../config/webpack-app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'admin_app',
  devPort: 8082,
  exposes: { './routes': './src/exposed/routes.tsx' },
});
