const base = require('../config/jest-web.cjs')(__dirname);

// The screens' tests type into real Mantine forms; on a busy two-core machine a test can take
// several seconds, so allow more than jest's and Testing Library's defaults before failing.
module.exports = {
  ...base,
  testTimeout: 30000,
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/src/testing/setup.ts'],
};
