const base = require('../config/jest-web.cjs')(__dirname);

module.exports = {
  ...base,
  setupFilesAfterEnv: [...base.setupFilesAfterEnv, '<rootDir>/src/testing/setup.ts'],
};
