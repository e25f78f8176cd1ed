// The non-federated builds the first-load benchmark compares the shell against: the details screen
// and the admin login as plain apps, and the details form built with SurveyJS (the peer).
const path = require('node:path');
const { createAppConfig } = require('../../config/webpack-app.cjs');

const screens = ['details', 'login', 'peer-surveyjs'];

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
