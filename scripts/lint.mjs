#!/usr/bin/env node
// `pnpm lint`: ESLint (eslint.config.mjs) with no warning allowed, then Prettier's check of the
// same files. `pnpm lint --fix` applies both tools' fixes instead of failing on them.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fix = process.argv.includes('--fix');
const bin = (file) => join(root, 'node_modules', ...file.split('/'));
const run = (file, args) =>
  spawnSync(process.execPath, [bin(file), ...args], { cwd: root, stdio: 'inherit' }).status === 0;

const eslint = run('eslint/bin/eslint.js', [
  '.',
  '--max-warnings',
  '0',
  '--cache',
  '--cache-location',
  'node_modules/.cache/eslint',
  ...(fix ? ['--fix'] : []),
]);
const prettier = run('prettier/bin/prettier.cjs', [fix ? '--write' : '--check', '--log-level', 'warn', '--cache', '.']);
if (!prettier && !fix) console.error('Formatting differs from Prettier: run pnpm lint --fix');
process.exit(eslint && prettier ? 0 : 1);
