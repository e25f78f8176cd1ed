// Jest preset for the front-end packages: real components in jsdom with the app's providers.
const path = require('node:path');

/** @param {string} dir the package folder */
module.exports = function webJestConfig(dir) {
  return {
    rootDir: dir,
    testEnvironment: path.join(__dirname, 'jest-environment.cjs'),
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.ts')],
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: {
      '^.+\\.[cm]?[jt]sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    // ky ships only ES modules.
    transformIgnorePatterns: ['/node_modules/(?!(?:\\.pnpm/)?ky[@/])'],
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'jest-style-stub.cjs'),
      '\\.(svg|png|woff2?)$': path.join(__dirname, 'jest-file-stub.cjs'),
    },
    globals: { __PROMETRICA_RELEASE__: 'test' },
    clearMocks: true,
    restoreMocks: true,
  };
};
