const path = require('node:path');
const { createAppConfig } = require('../config/webpack-app.cjs');
const { chunkOfChild, readDashboardSections } = require('../config/dashboard-sections.cjs');

// `/dashboard/<child>` → the chunk of the section that shows it, read from the sections table itself.
const chunks = chunkOfChild(readDashboardSections(path.join(__dirname, 'src/sections.ts')));

module.exports = createAppConfig({
  dir: __dirname,
  name: 'admin_app',
  devPort: 8082,
  exposes: { './routes': './src/exposed/routes.tsx' },
  // The dashboard's frame for the first paint of its addresses (config/first-paint.cjs).
  firstPaint: './src/first-paint.tsx',
  // The server preloads each dashboard address's layout and section chunks in its page.
  routeAssets: Object.fromEntries(
    Object.entries(chunks).map(([child, chunk]) => [
      child ? `/dashboard/${child}` : '/dashboard',
      ['dashboard-layout', chunk],
    ]),
  ),
});
