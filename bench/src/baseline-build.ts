// Builds bench/baseline (the screens as one plain webpack app) when its inputs changed, keyed by a
// hash of them like scripts/build.mjs does for the apps.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { benchRoot, repoRoot } from './paths';

const baselineDir = join(benchRoot, 'baseline');
const stampFile = join(baselineDir, 'dist', '.build-hash');
const inputs = [
  'bench/baseline/details.tsx',
  'bench/baseline/login.tsx',
  'bench/baseline/mount.tsx',
  'bench/baseline/peer-surveyjs.tsx',
  'bench/baseline/webpack.config.cjs',
  'bench/package.json',
  'participant-app/src',
  'admin-app/src',
  'shell/src',
  'shared-api/src',
  'config',
  'pnpm-lock.yaml',
];

function files(path: string): string[] {
  const full = join(repoRoot, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [full];
  return readdirSync(full, { withFileTypes: true })
    .filter((e) => !['node_modules', 'dist', '.generated'].includes(e.name) && !/\.test\.tsx?$/.test(e.name))
    .flatMap((e) => files(join(path, e.name)));
}

function inputHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(files).sort())
    hash.update(relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

/** Builds the baseline if stale; returns whether it built. */
export function buildBaselineIfStale(log: (line: string) => void = console.log): boolean {
  const hash = inputHash();
  const built = ['details', 'login', 'peer-surveyjs'].every((screen) =>
    existsSync(join(baselineDir, 'dist', screen, 'index.html')),
  );
  if (built && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash) return false;
  const started = Date.now();
  log('[bench] building the plain (non-federated) baseline...');
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '-c', 'webpack.config.cjs'],
    {
      cwd: baselineDir,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('[bench] the baseline build failed');
  writeFileSync(stampFile, `${hash}\n`);
  log(`[bench] baseline built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
