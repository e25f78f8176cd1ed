// The dashboard's sections as the build sees them, read from the source of the app's sections table
// (admin-app/src/sections.ts) with the TypeScript parser, so the table is the one place a section and
// its addresses are written: each entry of `export const sections = { ... }` gives its name, the
// chunk its `import()` names with `webpackChunkName`, and its addresses (the keys of its `screens`).
// Anything it cannot read that way fails the build, naming the entry.
const fs = require('node:fs');
const ts = require('typescript');

/**
 * @typedef {{ name: string, chunk: string, children: string[] }} DashboardSection
 *   a section's name, its chunk and the `/dashboard/<child>` addresses it shows, in the table's order
 */

/** The expression under any parentheses, `as` and `satisfies`. */
function unwrap(node) {
  while (node && (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)))
    node = node.expression;
  return node;
}

/** A property's name when it is written out (an identifier or a string), else undefined. */
function literalName(name) {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)
    ? name.text
    : undefined;
}

/** The first node under `node` (itself included) that `test` accepts, depth first. */
function firstNode(node, test) {
  if (test(node)) return node;
  return ts.forEachChild(node, (child) => firstNode(child, test));
}

/**
 * The sections of a sections table's source, in its order.
 * @param {string} source the text of the table's module
 * @param {string} [file] its name, for the messages
 * @returns {DashboardSection[]}
 */
function parseDashboardSections(source, file = 'sections.ts') {
  const fail = (message) => {
    throw new Error(`Dashboard sections (${file}): ${message}`);
  };
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const declaration = firstNode(
    sourceFile,
    (node) => ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'sections',
  );
  const table = unwrap(declaration?.initializer);
  if (!table || !ts.isObjectLiteralExpression(table))
    fail('no `const sections = { ... }` object literal to read the sections from');

  const seen = new Map();
  const sections = table.properties.map((property) => {
    const name = ts.isPropertyAssignment(property) ? literalName(property.name) : undefined;
    if (name === undefined)
      fail(
        `\`${property.getText(sourceFile).slice(0, 40)}\` is not a \`name: section(...)\` entry with a written-out name`,
      );
    const at = `section "${name}"`;

    const load = firstNode(
      property.initializer,
      (node) => ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword,
    );
    if (!load || load.arguments.length === 0) fail(`${at} has no \`import()\` of its code`);
    // The comments before the path: from the `(` to the path's first character.
    const specifier = load.arguments[0];
    const chunk = /webpackChunkName:\s*["']([^"']+)["']/.exec(
      source.slice(specifier.pos, specifier.getStart(sourceFile)),
    )?.[1];
    if (!chunk)
      fail(`${at}'s \`import()\` names no chunk: write /* webpackChunkName: "dashboard-${name}" */ before its path`);

    const screensProperty = firstNode(
      property.initializer,
      (node) => ts.isPropertyAssignment(node) && literalName(node.name) === 'screens',
    );
    const screens = unwrap(screensProperty?.initializer);
    if (!screens || !ts.isObjectLiteralExpression(screens)) fail(`${at} has no \`screens: { ... }\` object literal`);
    const children = screens.properties.map((screen) => {
      const child = screen.name && literalName(screen.name);
      if (child === undefined)
        fail(`${at} has a screen whose address is not written out: \`${screen.getText(sourceFile).slice(0, 40)}\``);
      if (seen.has(child)) fail(`the address "${child}" is a screen of both section "${seen.get(child)}" and ${at}`);
      seen.set(child, name);
      return child;
    });
    if (children.length === 0) fail(`${at} has no screens`);
    return { name, chunk, children };
  });
  if (sections.length === 0) fail('the table has no sections');
  return sections;
}

/**
 * The chunk each `/dashboard/<child>` address loads, by child: "" (`/dashboard` itself) is the first
 * section's, as the app's routes have it.
 * @param {DashboardSection[]} sections
 * @returns {Record<string, string>}
 */
function chunkOfChild(sections) {
  return Object.fromEntries([
    ['', sections[0].chunk],
    ...sections.flatMap(({ chunk, children }) => children.map((child) => [child, chunk])),
  ]);
}

/**
 * Reads a sections table from its file.
 * @param {string} file
 * @returns {DashboardSection[]}
 */
function readDashboardSections(file) {
  let source;
  try {
    source = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`Dashboard sections: cannot read ${file}: ${error.message}`);
  }
  return parseDashboardSections(source, file);
}

module.exports = { parseDashboardSections, readDashboardSections, chunkOfChild };
