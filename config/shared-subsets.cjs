// Shared libraries are provided whole to the federation share scope, so webpack cannot tree-shake
// them: sharing @mantine/core ships every component, and react-router its development build.
// Instead each such library is shared as a module that re-exports only the names the platform
// offers, from the library's production ES build, so webpack keeps just those.
//
// These lists are a contract between the shell and the remotes, released independently: a remote
// may use only what the shell provides. Every build checks that all three apps (and the Mantine
// packages that import @mantine/core) stay within the lists; to offer a new name, add it here and
// release the shell before the remote that uses it.
const fs = require('node:fs');
const path = require('node:path');
const { writeMantineStyles } = require('./mantine-styles.cjs');
const {
  sourceFiles,
  namespaceImports,
  importedNames,
  reachedFiles,
  assertReadableImports,
} = require('./shared-imports.cjs');

const root = path.resolve(__dirname, '..');
const generatedDir = path.join(__dirname, '.generated');

/**
 * The share key of what no first screen needs: the rest of Mantine's components and hooks, and of
 * shared-api's names (see `later` below).
 */
const laterKey = '@prometrica/mantine-later';
/** What the shell imports for the first part of Mantine's stylesheet (config/mantine-styles.cjs). */
const firstStylesKey = '@prometrica/mantine-first.css';

const platform = {
  '@mantine/core': {
    /** The ES build of the installed package. */
    entry: (appDir) => path.join(fs.realpathSync(path.join(appDir, 'node_modules/@mantine/core')), 'esm/index.mjs'),
    // What the first screens (the shell, the participant details, the admin login) and
    // @mantine/notifications use: shared as '@mantine/core' and loaded at start.
    exports: [
      // Used by @mantine/notifications.
      'Box',
      'Notification',
      'OptionalPortal',
      'RemoveScroll',
      'createVarsResolver',
      'factory',
      'getDefaultZIndex',
      'getThemeColor',
      'rem',
      'useMantineTheme',
      'useProps',
      'useResolvedStylesApi',
      'useStyles',
      // Components and helpers of the first screens (and small ones many screens use).
      'Alert',
      'Button',
      'Center',
      'CloseButton',
      'Container',
      'Group',
      'Input',
      'Loader',
      'MantineProvider',
      'Paper',
      'PasswordInput',
      'Stack',
      'Text',
      'TextInput',
      'Title',
      'UnstyledButton',
      'createTheme',
    ],
    // The rest of what the platform offers, shared under `laterKey` and loaded with the first
    // screen that uses one of them (modals, tables, tooltips, the dashboard layout, charts' needs).
    // Builds rewrite `import { Modal } from '@mantine/core'` to that key (config/mantine-split-loader.cjs).
    later: [
      'ActionIcon',
      'Anchor',
      'AppShell',
      'Badge',
      'Burger',
      'Card',
      'Checkbox',
      'ColorSwatch',
      'Divider',
      'FocusTrap',
      'Grid',
      'List',
      'LoadingOverlay',
      'Modal',
      'NativeSelect',
      'NavLink',
      'Pagination',
      'Progress',
      'Radio',
      'ScrollArea',
      'SegmentedControl',
      'SimpleGrid',
      'Skeleton',
      'Switch',
      'Table',
      'Tabs',
      'Textarea',
      'ThemeIcon',
      'Tooltip',
      'VisuallyHidden',
      'useComputedColorScheme',
      'useMantineColorScheme',
    ],
  },
  '@mantine/hooks': {
    entry: (appDir) => path.join(fs.realpathSync(path.join(appDir, 'node_modules/@mantine/hooks')), 'esm/index.mjs'),
    // The hooks the first part of @mantine/core reaches, and those @mantine/notifications and the
    // first screens' code import: shared as '@mantine/hooks' and loaded at start.
    exports: [
      'assignRef',
      'randomId',
      'useDidUpdate',
      'useForceUpdate',
      'useId',
      'useIsomorphicEffect',
      'useMediaQuery',
      'useMutationObserver',
      'useReducedMotion',
      'useUncontrolled',
    ],
    // Every other hook the offered @mantine/core names reach, and the ones the apps use (checked by
    // `checkContract`): loaded with the second part of @mantine/core, from the same share key.
    // Hooks only components that are not offered use (sliders, colour pickers, scroll spies) are
    // left out: they would load for nothing.
    later: [
      'mergeRefs',
      'useCallbackRef',
      'useClickOutside',
      'useColorScheme',
      'useDebouncedCallback',
      'useDebouncedValue',
      'useDisclosure',
      'useFocusReturn',
      'useFocusTrap',
      'useMergedRef',
      'useMounted',
      'usePagination',
      'useShallowEffect',
      'useTimeout',
      'useWindowEvent',
    ],
  },
  '@prometrica/shared-api': {
    /** The typed API client, auth store and contract constants (shared-api/src/index.ts). */
    entry: (appDir) =>
      path.join(fs.realpathSync(path.join(appDir, 'node_modules/@prometrica/shared-api')), 'src/index.ts'),
    // What the shell, the participant details screen and the admin login use: loaded at start.
    // The stateful parts (the auth store, the client's configuration, the stored tokens) are here,
    // and the second part's modules are the same modules of the shell's build, so there is one of each.
    exports: [
      'configureApi',
      'isApiError',
      'participantApi',
      'participantScreenRoutes',
      'participantToken',
      'paths',
      'progressApi',
      'rateLimitMessage',
      'readStored',
      'remoteForPath',
      'remoteNames',
      'resultsApi',
      'sessionEndedMessage',
      'storageKeys',
      'useAuthStore',
      'writeStored',
    ],
    // The endpoints, texts and helpers of the later screens (the consent text, the dashboard's
    // calls): loaded with the second part of Mantine, which those screens load anyway.
    later: [
      'ApiError',
      'PASS_PERCENT',
      'adminToken',
      'auditActions',
      'auditApi',
      'authApi',
      'categoriesApi',
      'concernRatingsApi',
      'concernsApi',
      'consentTextCanonical',
      'consentTextVersions',
      'currentConsentText',
      'findConsentText',
      'isCorrectAnswer',
      'limits',
      'participantsApi',
      'passwordRuleProblem',
      'percentOf',
      'performanceOf',
      'questionKind',
      'questionsApi',
      'quizApi',
      'request',
      'resolveApiBase',
      'secondFactorEnrolmentCode',
      'secondFactorEnrolmentMessage',
      'sessionEndedCode',
      'statsApi',
      'tellAccountRefusal',
      'tooManyAttemptsMessage',
      'usersApi',
    ],
  },
  'react-router-dom': {
    /** react-router's production build (its package's default export condition is the development one). */
    entry: (appDir) => {
      const dom = fs.realpathSync(path.join(appDir, 'node_modules/react-router-dom'));
      return path.join(fs.realpathSync(path.join(dom, '..', 'react-router')), 'dist/production/index.mjs');
    },
    exports: [
      'BrowserRouter',
      'Link',
      'NavLink',
      'Navigate',
      'Outlet',
      'Route',
      'Routes',
      'useLocation',
      'useNavigate',
      'useParams',
      'useSearchParams',
    ],
  },
};

/** Fails the build when any app or Mantine package imports a name the platform does not offer. */
function checkContract() {
  // shared-api too: the apps bundle its React entries (the report, the standalone mount, the theme).
  // Not the modules no federated build loads: the first paints' entries (a Node build of their
  // own) and the test helpers.
  const apps = ['shell', 'participant-app', 'admin-app', 'shared-api']
    .flatMap((a) => sourceFiles(path.join(root, a, 'src')))
    .filter((file) => !/[\\/](first-paint\.tsx|testing[\\/].*)$/.test(file));
  const mantineFiles = (pkg) => {
    const dir = path.join(root, 'admin-app/node_modules', pkg);
    return fs.existsSync(dir) ? sourceFiles(path.join(fs.realpathSync(dir), 'esm')) : [];
  };
  const mantineDeps = ['@mantine/notifications', '@mantine/charts'].flatMap(mantineFiles);
  // @mantine/core's own modules that the offered names reach: the hooks they import must be offered.
  const core = platform['@mantine/core'];
  const coreFiles = reachedFiles(core.entry(path.join(root, 'admin-app')), [...core.exports, ...core.later]);
  assertReadableImports('@mantine/hooks', [...mantineDeps, ...coreFiles]);
  // Which code may import each shared library: the apps, and the Mantine packages that build on it.
  const importers = {
    '@mantine/core': [...apps, ...mantineDeps],
    '@mantine/hooks': [...apps, ...mantineDeps, ...coreFiles],
  };
  const problems = [];
  for (const [pkg, { exports, later = [] }] of Object.entries(platform)) {
    const offered = new Set([...exports, ...later]);
    for (const [name, file] of importedNames(pkg, importers[pkg] ?? apps)) {
      if (!offered.has(name)) problems.push(`${file} imports ${name} from ${pkg}`);
    }
    for (const file of namespaceImports(pkg, apps))
      problems.push(`${path.relative(root, file)} imports ${pkg} as a namespace`);
  }
  if (problems.length > 0) {
    throw new Error(
      `Shared library contract (config/shared-subsets.cjs) does not offer:\n  ${problems.join('\n  ')}\n` +
        'Add the names there (and release the shell before the remote that needs them).',
    );
  }
}

/**
 * Writes the module of a share key: for each `[package entry, names]` part, a re-export of those
 * names from the entry; `styles`, a stylesheet it imports first.
 */
function writeSubset(appDir, key, parts, styles) {
  const file = path.join(generatedDir, `${path.basename(appDir)}--${key.replace(/[@/]/g, '_')}.mjs`);
  const body =
    `// Generated by config/shared-subsets.cjs: what the platform shares as ${key}.\n` +
    (styles ? `import ${JSON.stringify(styles)};\n` : '') +
    parts.map(([entry, names]) => `export { ${names.join(', ')} } from ${JSON.stringify(entry)};\n`).join('');
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== body) fs.writeFileSync(file, body);
  return file;
}

/**
 * Writes the re-export modules and Mantine's stylesheet in two parts; returns `{ [share key]: file }`
 * for the `shared` `import` option, and `styles.first` for the shell's `firstStylesKey`. The second
 * part of the stylesheet is imported by the second part of @mantine/core, so it loads with it.
 */
function subsetModules(appDir) {
  checkContract();
  fs.mkdirSync(generatedDir, { recursive: true });
  const mantine = platform['@mantine/core'];
  const styles = writeMantineStyles(path.dirname(path.dirname(mantine.entry(appDir))), mantine.exports, generatedDir);
  const files = {};
  const laterParts = [];
  for (const [pkg, { entry, exports, later }] of Object.entries(platform)) {
    files[pkg] = writeSubset(appDir, pkg, [[entry(appDir), exports]]);
    if (later) laterParts.push([entry(appDir), later]);
  }
  files[laterKey] = writeSubset(appDir, laterKey, laterParts, styles.later);
  return { files, styles };
}

module.exports = {
  subsetModules,
  platform,
  laterKey,
  firstStylesKey,
  checkContract,
};
