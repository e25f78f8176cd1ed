// Jest's node environment for the fuzz files, plus the host's `process` as `hostProcess`: inside
// the sandbox `process` is a copy, and listeners on it never hear the process's own
// 'unhandledRejection' events.
const { TestEnvironment } = require('jest-environment-node');

class FuzzEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.hostProcess = process;
  }
}

module.exports = FuzzEnvironment;
