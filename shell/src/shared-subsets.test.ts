import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertReadableImports, importedNames, reachedFiles, sourceFiles } from '../../config/shared-imports.cjs';
import { splitMantineImports } from '../../config/mantine-split-loader.cjs';
import { checkContract, laterKey, platform } from '../../config/shared-subsets.cjs';

// The shared @mantine/hooks holds the hooks the offered @mantine/core names reach, not every hook
// of the package: the build walks Mantine's modules from those names and fails when one of them
// imports a hook that is not offered (it would be undefined at run time, on the screen that uses it).
const core = platform['@mantine/core'];
const hooks = platform['@mantine/hooks'];
const hooksLater = hooks.later ?? [];
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
    expect(hooksLater).toContain('useClickOutside');
    expect([...hooks.exports, ...hooksLater]).not.toContain('useMove');
  });

  it('loads at start only the hooks of the first part of @mantine/core, of notifications and of the first screens', () => {
    const first = new Set([...importedNames('@mantine/hooks', reachedFiles(coreEntry, core.exports)).keys()]);
    const notifications = path.join(
      fs.realpathSync(path.join(__dirname, '..', 'node_modules', '@mantine', 'notifications')),
      'esm',
    );
    for (const name of importedNames('@mantine/hooks', sourceFiles(notifications)).keys()) first.add(name);
    for (const name of importedNames('@mantine/hooks', sourceFiles(path.join(__dirname))).keys()) first.add(name);
    // Each of these is needed at start; the rest wait for the second part.
    for (const name of first) expect(hooks.exports).toContain(name);
    expect(hooks.exports).not.toContain('useFocusTrap');
    expect(hooks.exports).not.toContain('useDisclosure');
  });

  it('fails the build, naming the module and the hook, when a reached hook is not offered', () => {
    const offered = [...hooksLater];
    hooksLater.splice(hooksLater.indexOf('useClickOutside'), 1);
    try {
      expect(() => checkContract()).toThrow(/Popover\/Popover\.mjs imports useClickOutside from @mantine\/hooks/);
    } finally {
      hooksLater.splice(0, hooksLater.length, ...offered);
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

describe('the build loader that splits Mantine imports', () => {
  it('takes second-part names of either package from the second key, and leaves the rest', () => {
    expect(splitMantineImports("import { useId, useDisclosure as open } from '@mantine/hooks';")).toBe(
      `import { useId } from '@mantine/hooks';import { useDisclosure as open } from '${laterKey}';`,
    );
    expect(splitMantineImports("import { Button, Modal } from '@mantine/core';")).toBe(
      `import { Button } from '@mantine/core';import { Modal } from '${laterKey}';`,
    );
    const firstOnly = "import { Button } from '@mantine/core';\nimport { useId } from '@mantine/hooks';";
    expect(splitMantineImports(firstOnly)).toBe(firstOnly);
  });

  it("gives @mantine/core's own modules the second part's hooks from the package entry, keeping the line count", () => {
    const source =
      "import {\n  useId,\n  useFocusTrap,\n} from '@mantine/hooks';\nimport { Modal } from '@mantine/core';";
    const rewritten = splitMantineImports(source, '/hooks/esm/index.mjs');
    expect(rewritten).toContain(`import { useFocusTrap } from "/hooks/esm/index.mjs";`);
    expect(rewritten).toContain(`import { Modal } from '${laterKey}';`);
    expect(rewritten.split('\n')).toHaveLength(source.split('\n').length);
  });
});

describe('the shared @prometrica/shared-api subset', () => {
  const api = platform['@prometrica/shared-api'];
  const root = path.join(__dirname, '..', '..');
  const namesIn = (...dirs: string[]) =>
    dirs.flatMap((dir) => [...importedNames('@prometrica/shared-api', sourceFiles(path.join(root, dir))).keys()]);

  it('holds at start what the shell, the details screen and the admin login import', () => {
    for (const name of namesIn('shell/src', 'participant-app/src/features/details', 'admin-app/src/features/login'))
      expect(api.exports).toContain(name);
  });

  it('leaves the calls and texts of the later screens to the second part', () => {
    for (const name of ['currentConsentText', 'quizApi', 'usersApi', 'auditActions', 'authApi'])
      expect(api.later).toContain(name);
    expect(api.exports.filter((name) => (api.later ?? []).includes(name))).toEqual([]);
  });
});
