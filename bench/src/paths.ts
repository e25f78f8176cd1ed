import { join, resolve } from 'node:path';

/** The repository root (bench/src/.. /..). */
export const repoRoot = resolve(__dirname, '..', '..');
export const benchRoot = join(repoRoot, 'bench');
export const resultsDir = join(benchRoot, 'results');
