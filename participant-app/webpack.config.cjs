const { createAppConfig } = require('../config/webpack-app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'participant_app',
  devPort: 8081,
  exposes: { './routes': './src/exposed/routes.tsx' },
});
