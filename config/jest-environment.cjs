// jsdom lacks the fetch family and TextEncoder that ky and react-router need: lend Node's.
const JsdomEnvironment = require('jest-environment-jsdom').default;

class WebEnvironment extends JsdomEnvironment {
  async setup() {
    await super.setup();
    const g = this.global;
    for (const key of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'FormData',
      'Blob',
      'structuredClone',
      'DOMException',
    ]) {
      if (globalThis[key] !== undefined) g[key] = globalThis[key];
    }
  }
}

module.exports = WebEnvironment;
