// Federation builds share @mantine/core, @mantine/hooks and @prometrica/shared-api in two parts
// (config/shared-subsets.cjs): what the first screens need under the packages' own names, the rest
// under a second key loaded when a screen needs it. This loader moves the names of the second part
// out of `import { ... } from '@mantine/core'` (or the other two) statements, in the apps' sources
// and in the Mantine packages that build on @mantine/core.
//
// @mantine/core's own modules are the second part's contents, so they cannot take its hooks from
// its key (the key would wait for itself): with the `direct` option (the path of @mantine/hooks'
// entry), their imports of those hooks name the entry itself, the module the shares are built from.
const { platform, laterKey } = require('./shared-subsets.cjs');

const laterNames = Object.fromEntries(
  Object.entries(platform)
    .filter(([, library]) => library.later)
    .map(([pkg, library]) => [pkg, new Set(library.later)]),
);
const quoted = Object.keys(laterNames)
  .map((pkg) => pkg.replace(/[/.]/g, '\\$&'))
  .join('|');
const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(['"])(${quoted})\\2[ \\t]*;?`, 'g');

/**
 * The rewritten source (unchanged when nothing comes from the second part). With `direct`, the
 * second part's hooks are imported from that module instead of the second part's key.
 */
function splitMantineImports(source, direct) {
  return source.replace(statement, (whole, list, quote, pkg) => {
    const later = laterNames[pkg];
    const first = [];
    const second = [];
    for (const raw of list.split(',')) {
      const part = raw.trim();
      if (!part) continue;
      const name = part
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        .trim();
      (!part.startsWith('type ') && later.has(name) ? second : first).push(part);
    }
    if (second.length === 0) return whole;
    const keep = first.length > 0 ? `import { ${first.join(', ')} } from ${quote}${pkg}${quote};` : '';
    const from = direct && pkg === '@mantine/hooks' ? JSON.stringify(direct) : `${quote}${laterKey}${quote}`;
    // Same number of lines as before, so positions in the rest of the file do not move.
    const lines = '\n'.repeat((whole.match(/\n/g) ?? []).length);
    return `${keep}import { ${second.join(', ')} } from ${from};${lines}`;
  });
}

module.exports = function mantineSplitLoader(source) {
  const { direct } = this.getOptions ? this.getOptions() : {};
  return splitMantineImports(source, direct);
};
module.exports.splitMantineImports = splitMantineImports;
