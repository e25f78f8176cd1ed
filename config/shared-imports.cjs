// Reading which names the apps and Mantine's own modules take from a shared package, for the
// shared-library contract check in shared-subsets.cjs. Imports are read as text: the check only
// needs the names in \`import { ... } from 'pkg'\`, and fails on any other way of naming the package.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

function sourceFiles(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(tsx?|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The pattern of `pkg`'s name in quotes, as an import names it. */
const quotedPackage = (pkg) => `['"]${pkg.replace(/[/.]/g, '\\$&')}['"]`;

/** Of `files`, those that import `pkg` as a namespace (`import * as x`): a split share cannot serve those. */
function namespaceImports(pkg, files) {
  const pattern = new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s*from\\s*${quotedPackage(pkg)}`);
  return files.filter((file) => pattern.test(fs.readFileSync(file, 'utf8')));
}

/** Runtime names imported from `pkg` in the given files (type-only imports excluded), with a file each. */
function importedNames(pkg, files) {
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quotedPackage(pkg)}`, 'g');
  const found = new Map();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) {
      if (/import\s+type\s*\{/.test(match[0])) continue;
      for (const part of match[1].split(',')) {
        const name = part.trim();
        if (!name || name.startsWith('type ')) continue;
        found.set(name.split(/\s+as\s+/)[0].trim(), path.relative(root, file));
      }
    }
  }
  return found;
}

/**
 * The files of a package's ES build that the given names of its entry reach: the modules the entry
 * takes them from and every module those import, relative import by relative import.
 */
function reachedFiles(entry, names) {
  const from = new Map();
  for (const match of fs.readFileSync(entry, 'utf8').matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)) {
    for (const part of match[1].split(','))
      from.set(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop()
          .trim(),
        match[2],
      );
  }
  const reached = new Set();
  const visit = (file) => {
    if (reached.has(file)) return;
    reached.add(file);
    for (const match of fs
      .readFileSync(file, 'utf8')
      .matchAll(/(?:import|export)\b[^'"]*?['"](\.{1,2}\/[^'"]+)['"]/g)) {
      visit(path.resolve(path.dirname(file), match[1]));
    }
  };
  for (const name of names) {
    const source = from.get(name);
    if (source === undefined) throw new Error(`${path.relative(root, entry)} does not export ${name}`);
    if (source.startsWith('.')) visit(path.resolve(path.dirname(entry), source));
  }
  return [...reached];
}

/**
 * Fails when a file names `pkg` other than in `import { ... } from 'pkg'` or a bare `import 'pkg'`
 * (a re-export, a namespace or a dynamic import, say), whose names the contract check could not read.
 */
function assertReadableImports(pkg, files) {
  const quoted = quotedPackage(pkg);
  const anywhere = new RegExp(quoted, 'g');
  const readable = new RegExp(`import\\s*(?:\\{[^}]*\\}\\s*from\\s*)?${quoted}`, 'g');
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    if ((text.match(anywhere) ?? []).length !== (text.match(readable) ?? []).length) {
      throw new Error(
        `Shared library contract: cannot tell which names ${path.relative(root, file)} takes from ${pkg}`,
      );
    }
  }
}

module.exports = { sourceFiles, namespaceImports, importedNames, reachedFiles, assertReadableImports };
