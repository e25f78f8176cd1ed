import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './server';

/** Builds only the admin remote, with a release label, into a fresh folder; returns that folder. */
export function buildAdminRelease(label: string): string {
  const out = mkdtempSync(join(tmpdir(), 'prometrica-admin-build-'));
  const result = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production', '--output-path', out],
    {
      cwd: join(repoRoot, 'admin-app'),
      env: { ...process.env, PROMETRICA_RELEASE: label },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`admin build failed:\n${result.stdout}\n${result.stderr}`);
  return out;
}
