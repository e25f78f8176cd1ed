import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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

/** A content-hashed file name: `<name>.<hash>.<ext>`, as the builds name every file but the entry points. */
const hashedName = /^(.+)\.([0-9a-f]{8,})\.([a-z0-9]+)$/;

/**
 * Releases a remote whose only change is its release label, without building it: copies `built`
 * with `from` replaced by `to`, gives every file whose content changed a new content hash (and the
 * files naming it too, in turn), then copies the result over `served`, the new hashed files first
 * and the entry points last, as docs/operations.md says to release. What a rebuild with another
 * PROMETRICA_RELEASE makes, in milliseconds instead of a webpack build.
 */
export function releaseWithLabel(built: string, served: string, from: string, to: string): string[] {
  const files = new Map<string, string>();
  for (const name of readdirSync(built)) {
    if (/\.(?:br|gz)$/.test(name) || !/\.(?:js|json|css|html)$/.test(name)) continue;
    if (statSync(join(built, name)).isFile()) files.set(name, readFileSync(join(built, name), 'utf8'));
  }
  const changed = new Set<string>();
  for (const [name, text] of files) {
    if (!text.includes(from)) continue;
    files.set(name, text.replaceAll(from, to));
    changed.add(name);
  }
  if (changed.size === 0) throw new Error(`no file of ${built} holds the label ${from}`);
  // A renamed file is named by others as `<name>.<hash>` (file names) or `<name>:"<hash>"` (webpack's
  // chunk map); those change in turn, until no hashed file is left with its old name.
  for (let renamed = true; renamed;) {
    renamed = false;
    for (const name of [...changed]) {
      const parts = hashedName.exec(name);
      if (!parts) continue;
      const [, base, hash, ext] = parts as unknown as [string, string, string, string];
      const text = files.get(name)!;
      const next = createHash('sha256').update(text).digest('hex').slice(0, hash.length);
      if (next === hash) continue;
      const newName = `${base}.${next}.${ext}`;
      files.delete(name);
      files.set(newName, text);
      changed.delete(name);
      changed.add(newName);
      for (const [other, otherText] of files) {
        const updated = otherText
          .replaceAll(`${base}.${hash}`, `${base}.${next}`)
          .replaceAll(`${base}:"${hash}"`, `${base}:"${next}"`);
        if (updated === otherText) continue;
        files.set(other, updated);
        changed.add(other);
      }
      renamed = true;
    }
  }
  const write = (name: string) => {
    const text = Buffer.from(files.get(name)!);
    writeFileSync(join(served, name), text);
    writeFileSync(join(served, `${name}.gz`), gzipSync(text, { level: 9 }));
    writeFileSync(join(served, `${name}.br`), brotliCompressSync(text));
  };
  const order = [...changed].sort((a, b) => Number(hashedName.test(b)) - Number(hashedName.test(a)));
  for (const name of order) write(name);
  return order;
}
