// `pnpm lint`: ESLint over every package (syntax-level rules, no type information, so it stays
// quick), with the layout's one-way imports (config/eslint/boundaries.mjs). Formatting is
// Prettier's (`.prettierrc.json`), checked by the same command.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './config/eslint/boundaries.mjs';

const root = import.meta.dirname;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'backups/**',
      'test-results/**',
      'playwright-report/**',
      'config/.generated/**',
      'bench/baseline/dist/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries },
    rules: {
      'boundaries/imports': ['error', { root }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [
      'shell/src/**/*.{ts,tsx}',
      'participant-app/src/**/*.{ts,tsx}',
      'admin-app/src/**/*.{ts,tsx}',
      'shared-api/src/**/*.{ts,tsx}',
      'bench/baseline/**/*.tsx',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['**/*.tsx'],
    // `role` on a component (RoleBadge's account role) is a prop, not an ARIA role.
    rules: { 'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.ts', 'e2e/**/*.ts', 'config/jest-*.{ts,cjs}'],
    languageOptions: { globals: { ...globals.jest } },
    // Tests read replies as loose JSON; their assertions, not their types, check the shape.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
