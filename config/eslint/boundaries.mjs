// The one-way imports the layout promises, checked on the resolved path of every relative import:
// - in an app, a feature never imports another feature, and lib/ and components/ import no feature;
// - on the server, a module reaches another module only through that module's service.
// Relative paths are all these rules need, so no module resolver is involved.
import path from 'node:path';

const appRoot = /^(?<app>shell|participant-app|admin-app)\/src\/(?<rest>.*)$/;
const serverModule = /^server\/src\/modules\/(?<module>[^/]+)\/(?<rest>.+)$/;

/** Where a repository-relative path sits in the layout. */
function place(relative) {
  const app = appRoot.exec(relative);
  if (app) {
    const [top, second] = app.groups.rest.split('/');
    return { kind: 'app', app: app.groups.app, top, feature: top === 'features' ? second : undefined };
  }
  const server = serverModule.exec(relative);
  if (server) return { kind: 'server', module: server.groups.module, rest: server.groups.rest };
  return undefined;
}

/** The import's target without its extension or a trailing /index. */
const bare = (relative) => relative.replace(/\.(?:[cm]?[jt]sx?)$/, '').replace(/\/index$/, '');

function problem(from, to) {
  if (!from || !to) return undefined;
  if (from.kind === 'app' && to.kind === 'app' && from.app === to.app && to.feature) {
    if (from.feature && from.feature !== to.feature) {
      return `feature "${from.feature}" imports feature "${to.feature}": share it through lib/ or components/`;
    }
    if (from.top === 'lib' || from.top === 'components') {
      return `${from.top}/ imports feature "${to.feature}": ${from.top}/ must not depend on features`;
    }
  }
  if (from.kind === 'server' && to.kind === 'server' && from.module !== to.module && bare(to.rest) !== 'service') {
    return `module "${from.module}" reaches into "${to.module}/${bare(to.rest)}": import from "../${to.module}/service"`;
  }
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Features, lib/ and server modules import each other in one direction only' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const root = context.options[0]?.root ?? context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = place(file);
    if (!from) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), spec))
        .split(path.sep)
        .join('/');
      const message = problem(from, place(target));
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { imports: rule } };
