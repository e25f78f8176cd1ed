// Styles in the Node build of a first paint (config/first-paint.cjs). A CSS module exports its
// class names, as in the browser, and leaves its CSS text where the build collects it; a global
// stylesheet exports nothing (the page links it).
const { collectedCssKey } = require('./first-paint.cjs');

module.exports = function firstPaintStyleLoader() {
  return 'export {};';
};

module.exports.pitch = function pitch(remainingRequest) {
  if (!/\.module\.css$/.test(this.resourcePath)) return 'export {};';
  const request = JSON.stringify(this.utils.contextify(this.context, `!!${remainingRequest}`));
  return [
    `import content from ${request};`,
    `(globalThis[${JSON.stringify(collectedCssKey)}] ??= []).push(String(content));`,
    'export default content.locals;',
  ].join('\n');
};
