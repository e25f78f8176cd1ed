/** Server tests: real database, real HTTP through `app.inject`. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'commonjs' },
      },
    ],
  },
  // light-my-request (app.inject) requires cookie 2, which ships ESM only: compile it like our code.
  transformIgnorePatterns: ['/node_modules/(?!(?:\\.pnpm/)?cookie[@/])'],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
};
