const { createAppConfig } = require('../config/webpack-app.cjs');
// `/dashboard/<child>` → the section whose chunk shows it (the same file gives the app its addresses: src/lib/dashboard-paths.ts).
const sectionOfChild = require('./src/lib/dashboard-sections.json');

module.exports = createAppConfig({
  dir: __dirname,
  name: 'admin_app',
  devPort: 8082,
  exposes: { './routes': './src/exposed/routes.tsx' },
  // The server preloads each dashboard address's layout and section chunks in its page.
  routeAssets: Object.fromEntries(
    Object.entries(sectionOfChild).map(([child, section]) => [child ? `/dashboard/${child}` : '/dashboard', ['dashboard-layout', `dashboard-${section}`]]),
  ),
});
