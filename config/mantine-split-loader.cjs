// Federation builds share @mantine/core in two parts (config/shared-subsets.cjs): what the first
// screens need under '@mantine/core', the rest under a second key loaded when a screen needs it.
// This loader moves the names of the second part out of `import { ... } from '@mantine/core'`
// statements, in the apps' sources and in the Mantine packages that import @mantine/core.
const { platform, laterKey } = require('./shared-subsets.cjs');

const later = new Set(platform['@mantine/core'].later);
const statement = /import\s*\{([^}]*)\}\s*from\s*(['"])@mantine\/core\2[ \t]*;?/g;

/** The rewritten source (unchanged when nothing comes from the second part). */
function splitMantineImports(source) {
  return source.replace(statement, (whole, list, quote) => {
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
    const keep = first.length > 0 ? `import { ${first.join(', ')} } from ${quote}@mantine/core${quote};` : '';
    // Same number of lines as before, so positions in the rest of the file do not move.
    const lines = '\n'.repeat((whole.match(/\n/g) ?? []).length);
    return `${keep}import { ${second.join(', ')} } from ${quote}${laterKey}${quote};${lines}`;
  });
}

module.exports = function mantineSplitLoader(source) {
  return splitMantineImports(source);
};
module.exports.splitMantineImports = splitMantineImports;
