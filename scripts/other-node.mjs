// A second Node.js major for the unit and server suites (`TEST_ALSO_NODE=24 pnpm test`, as CI does).
// The runtime comes from the npm registry's `node` package, which ships the binary and its headers;
// better-sqlite3, the one native module, is compiled against such headers once and cached. While
// the suites run on the other Node, its binding takes the place of the installed one, which is put
// back afterwards (and at the next run, should a run have been cut short).
//
// Node 24.19 changed an inline part of its addon headers (node::ObjectWrap's cleanup hook), and
// better-sqlite3 12 compiled against 24.19 or later aborts when a statement is collected; compiled
// against 24.18.1, as its published Node 24 binary was, it runs on every 24.x. So the binding is
// compiled against the headers named here, and the suites run on the newest release of the major.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

const cacheRoot = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'prometrica');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** The folder of npm's bundled node-gyp, found from the npm that runs beside this Node. */
function nodeGyp() {
  const candidates = [
    join(
      dirname(process.execPath),
      '..',
      'lib',
      'node_modules',
      'npm',
      'node_modules',
      'node-gyp',
      'bin',
      'node-gyp.js',
    ),
    join(dirname(process.execPath), 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error('node-gyp (bundled with npm) not found');
  return found;
}

/** The headers better-sqlite3 is compiled against, where they must not be the newest release's. */
const headersFor = { 24: '24.18.1' };

/** Installs Node `version` (a major, or an exact version) from the npm registry once; returns its folder (bin/node, include/). */
function installNode(version) {
  const prefix = join(cacheRoot, `node-${version}`);
  const distribution = join(prefix, 'node_modules', 'node', 'node_modules', `node-linux-${process.arch}`);
  if (!existsSync(join(distribution, 'bin', 'node'))) {
    mkdirSync(prefix, { recursive: true });
    console.log(`Installing Node ${version} from the npm registry...`);
    run('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', `node@${version}`]);
  }
  return distribution;
}

/**
 * Prepares `major` and returns its executable with `use()`, which puts its better-sqlite3 binding
 * in place and returns a function that restores the installed one.
 */
export function otherNode(major, root) {
  const node = join(installNode(major), 'bin', 'node');
  const headers = installNode(headersFor[major] ?? major);
  const headersVersion = spawnSync(join(headers, 'bin', 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim();
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  const moduleRoot = dirname(
    createRequire(join(root, 'server', 'package.json')).resolve('better-sqlite3/package.json'),
  );
  const sqliteVersion = JSON.parse(readFileSync(join(moduleRoot, 'package.json'), 'utf8')).version;
  const installed = join(moduleRoot, 'build', 'Release', 'better_sqlite3.node');
  const kept = `${installed}.installed`;
  if (existsSync(kept)) renameSync(kept, installed);

  const built = join(
    cacheRoot,
    `better-sqlite3-${sqliteVersion}-node-headers-${headersVersion}`,
    'better_sqlite3.node',
  );
  if (!existsSync(built)) {
    const work = join(cacheRoot, `build-better-sqlite3-${process.pid}`);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    for (const part of ['binding.gyp', 'deps', 'src', 'package.json'])
      cpSync(join(moduleRoot, part), join(work, part), { recursive: true });
    console.log(`Compiling better-sqlite3 ${sqliteVersion} against the headers of Node ${headersVersion}...`);
    // A `nodedir` in the user's npm configuration reaches node-gyp as npm_config_nodedir (pnpm
    // passes it on) and wins over the command line, which compiled against the system's headers.
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_nodedir$/i.test(key)));
    run(node, [nodeGyp(), 'rebuild', '--release', `--nodedir=${headers}`, '-j', '2'], {
      cwd: work,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...env, npm_config_nodedir: headers },
    });
    const binding = join(work, 'build', 'Release', 'better_sqlite3.node');
    // Loaded once by the runtime it is for, so a binding built for another Node is never cached.
    const check = spawnSync(node, ['-e', `process.dlopen({ exports: {} }, ${JSON.stringify(binding)})`], {
      encoding: 'utf8',
    });
    if (check.status !== 0)
      throw new Error(`the better-sqlite3 binding built for ${version} does not load:\n${check.stderr}`);
    mkdirSync(dirname(built), { recursive: true });
    copyFileSync(binding, built);
    rmSync(work, { recursive: true, force: true });
  }

  return {
    node,
    version,
    use() {
      renameSync(installed, kept);
      copyFileSync(built, installed);
      return () => renameSync(kept, installed);
    },
  };
}
