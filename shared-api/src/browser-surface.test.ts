import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The source file a relative import names (`./x` is `x.ts`, `x.tsx` or `x/index.ts`). */
const sourceOf = (base: string) =>
  [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((f) => existsSync(f)) ?? base;

/** Files reached from `file` through value imports (type-only imports are erased by the compiler). */
function valueImportGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (match[1]) continue;
    const spec = match[2]!;
    if (!spec.startsWith('.')) {
      seen.add(`package:${spec}`);
      continue;
    }
    if (spec.endsWith('.css')) continue;
    valueImportGraph(sourceOf(resolve(dirname(file), spec)), seen);
  }
  return seen;
}

test('the browser entry never pulls in zod, so it stays out of the front-end bundles', () => {
  const reached = valueImportGraph(join(__dirname, 'index.ts'));
  expect([...reached].filter((f) => f.startsWith('package:')).sort()).toEqual(['package:ky', 'package:zustand']);
});

test('the report entry, which both remotes bundle, reaches no schema either: Mantine is its only library', () => {
  const reached = valueImportGraph(join(__dirname, 'report', 'index.ts'));
  expect(reached).toContain(join(__dirname, 'report', 'report-document.tsx'));
  expect([...reached].filter((f) => f.startsWith('package:'))).toEqual(['package:@mantine/core']);
});

/**
 * The apps' source files that go into their builds: every file under src/ but the tests and the
 * tests' helpers (a `testing` folder, which the next test keeps out of reach of the builds).
 */
function appSources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') appSources(full, out);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

const appRoot = resolve(__dirname, '..', '..');
const buildSources = () =>
  ['shell', 'participant-app', 'admin-app'].flatMap((app) => appSources(join(appRoot, app, 'src')));

test('only tests import the testing entry, so testing-library and its render helper stay out of the bundles', () => {
  const importers = buildSources().filter((file) =>
    readFileSync(file, 'utf8').includes('@prometrica/shared-api/testing'),
  );
  expect(importers).toEqual([]);
});

test("only tests import an app's testing folder, so its helpers (and what they import) stay out of the bundles", () => {
  const importers = buildSources().filter((file) =>
    /from '(?:\.{1,2}\/)+(?:[\w-]+\/)*testing\//.test(readFileSync(file, 'utf8')),
  );
  expect(importers).toEqual([]);
});
