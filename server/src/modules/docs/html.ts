import { createHash } from 'node:crypto';
import type { OpenApiDocument, OpenApiOperation } from './openapi';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const styles = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#1d2b24}
h1{color:#0b4d2c}h2{border-bottom:1px solid #ccd;padding-bottom:4px;margin-top:32px;text-transform:capitalize}
details{border:1px solid #dde;border-radius:6px;margin:8px 0;padding:6px 10px}
summary{cursor:pointer}code{font-size:14px}.method{display:inline-block;min-width:64px;font-weight:700}
.GET{color:#0b6e4f}.POST{color:#7a4b00}.PUT{color:#1d4e89}.DELETE{color:#a11d33}
.access{color:#555;font-size:13px;margin-left:6px}pre{background:#f5f6f4;padding:8px;overflow:auto;font-size:12px}
`;

/** The Content-Security-Policy of the page: no scripts at all, only its own inline style. */
export const docsContentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(styles).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const block = (title: string, value: unknown) =>
  `<h4>${escapeHtml(title)}</h4><pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

function renderOperation(method: string, path: string, operation: OpenApiOperation): string {
  const verb = method.toUpperCase();
  const parts = [
    `<p>${escapeHtml(operation.description)}</p>`,
    operation.parameters ? block('Parameters', operation.parameters) : '',
    operation.requestBody ? block('Request body', operation.requestBody.content['application/json'].schema) : '',
    ...Object.entries(operation.responses).map(([status, response]) => {
      // One media type per reply: JSON, or a file's (a PDF), whose schema says only that.
      const schema = response.content ? Object.values(response.content)[0]?.schema : undefined;
      return schema && !('$ref' in schema)
        ? block(`${status} ${response.description}`, schema)
        : `<h4>${escapeHtml(`${status} ${response.description}`)}</h4>`;
    }),
  ];
  return (
    `<details><summary><span class="method ${verb}">${verb}</span> <code>${escapeHtml(path)}</code> ` +
    `${escapeHtml(operation.summary)}<span class="access">[${escapeHtml(operation['x-access'].join(', '))}]</span></summary>` +
    `${parts.join('')}</details>`
  );
}

/** A self-contained page (no scripts, no external files) listing every call of the document. */
export function renderDocsPage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = operation.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(method, path, operation)]);
    }
  }
  const sections = [...byTag].map(([tag, items]) => `<section><h2>${escapeHtml(tag)}</h2>${items.join('')}</section>`);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(document.info.title)}</title>`,
    `<style>${styles}</style></head><body>`,
    `<h1>${escapeHtml(document.info.title)}</h1>`,
    `<p>${escapeHtml(document.info.description)}</p>`,
    '<p>Machine-readable: <a href="/api/docs/openapi.json">OpenAPI 3.1 (openapi.json)</a>. ',
    'Send tokens as <code>Authorization: Bearer &lt;token&gt;</code>.</p>',
    ...sections,
    '</body></html>',
  ].join('\n');
}
