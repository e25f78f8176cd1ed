const path = require('node:path');
const { createAppConfig } = require('../config/webpack-app.cjs');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'shell',
  host: true,
  devPort: 8080,
  runtimePlugins: [path.join(__dirname, 'src/remotes/ok-response-plugin.ts')],
});
