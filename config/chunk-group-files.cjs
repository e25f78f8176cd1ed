// The scripts and styles of webpack chunk groups, for the lists the server preloads
// (boot-assets-plugin.cjs, route-assets-plugin.cjs).

/**
 * @param {Iterable<import('webpack').ChunkGroup | undefined>} groups
 * @param {Set<string>} [skip] files left out (e.g. the entry's own, already in the page)
 * @returns {{ scripts: string[], styles: string[] }} sorted
 */
function chunkGroupFiles(groups, skip = new Set()) {
  const scripts = new Set();
  const styles = new Set();
  for (const group of groups) {
    if (!group) continue;
    for (const chunk of group.chunks) {
      for (const file of chunk.files) {
        if (skip.has(file)) continue;
        if (file.endsWith('.js')) scripts.add(file);
        else if (file.endsWith('.css')) styles.add(file);
      }
    }
  }
  return { scripts: [...scripts].sort(), styles: [...styles].sort() };
}

module.exports = { chunkGroupFiles };
