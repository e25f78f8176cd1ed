import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertReadableImports, reachedFiles } from '../../config/shared-imports.cjs';
import { checkContract, platform } from '../../config/shared-subsets.cjs';

// The shared @mantine/hooks holds the hooks the offered @mantine/core names reach, not every hook
// of the package: the build walks Mantine's modules from those names and fails when one of them
// imports a hook that is not offered (it would be undefined at run time, on the screen that uses it).
const core = platform['@mantine/core'];
const hooks = platform['@mantine/hooks'];
const coreEntry = core.entry(path.join(__dirname, '..'));
const relative = (files: readonly string[]) => files.map((file) => path.relative(path.dirname(coreEntry), file));

describe('the shared @mantine/hooks subset', () => {
  it('follows the modules an offered name imports, and not those of components nobody may import', () => {
    const files = relative(reachedFiles(coreEntry, ['NativeSelect']));
    expect(files).toContain('components/NativeSelect/NativeSelect.mjs');
    // NativeSelect builds on Combobox, whose dropdown is a Popover.
    expect(files).toContain('components/Popover/Popover.mjs');
    expect(files).not.toContain('components/Slider/Slider/Slider.mjs');
  });

  it('offers every hook the offered components import, and none only a component not offered uses', () => {
    expect(() => checkContract()).not.toThrow();
    expect(hooks.exports).toContain('useClickOutside');
    expect(hooks.exports).not.toContain('useMove');
  });

  it('fails the build, naming the module and the hook, when a reached hook is not offered', () => {
    const offered = [...hooks.exports];
    hooks.exports.splice(hooks.exports.indexOf('useClickOutside'), 1);
    try {
      expect(() => checkContract()).toThrow(/Popover\/Popover\.mjs imports useClickOutside from @mantine\/hooks/);
    } finally {
      hooks.exports.splice(0, hooks.exports.length, ...offered);
    }
  });

  it('fails on an import of @mantine/hooks whose names it cannot read', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-subsets-'));
    try {
      const readable = path.join(dir, 'readable.mjs');
      fs.writeFileSync(readable, "import '@mantine/hooks';\nimport { useId, useTimeout } from '@mantine/hooks';\n");
      expect(() => assertReadableImports('@mantine/hooks', [readable])).not.toThrow();
      for (const [name, text] of [
        ['re-export.mjs', "export { useId } from '@mantine/hooks';\n"],
        ['namespace.mjs', "import * as hooks from '@mantine/hooks';\n"],
        ['dynamic.mjs', "const hooks = import('@mantine/hooks');\n"],
      ] as const) {
        const file = path.join(dir, name);
        fs.writeFileSync(file, text);
        expect(() => assertReadableImports('@mantine/hooks', [file])).toThrow(`cannot tell which names`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
