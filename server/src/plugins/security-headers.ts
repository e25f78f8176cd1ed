import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { globalPlugin } from '../lib/plugin';
import { firstPaintScriptSource } from './first-paint';

/** Origins of remotes hosted elsewhere (absolute URLs in the config); same-origin paths add none. */
export function remoteOrigins(config: Pick<Config, 'remotes'>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remotes)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

/**
 * The Content-Security-Policy of every response: scripts only from this origin and the configured
 * remote origins (no eval, and no inline script but the first paints' two, by their hashes); Mantine
 * needs inline styles.
 */
export function contentSecurityPolicy(config: Pick<Config, 'remotes'>): string {
  const remotes = remoteOrigins(config).join(' ');
  const withRemotes = (base: string) => (remotes ? `${base} ${remotes}` : base);
  return [
    "default-src 'self'",
    `script-src ${withRemotes(`'self' ${firstPaintScriptSource}`)}`,
    `connect-src ${withRemotes("'self'")}`,
    `style-src ${withRemotes("'self' 'unsafe-inline'")}`,
    `font-src ${withRemotes("'self' data:")}`,
    `img-src ${withRemotes("'self' data: blob:")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * `Strict-Transport-Security` when the server runs behind HTTPS (`BEHIND_HTTPS`): browsers that
 * saw it keep to HTTPS for a year. Not for subdomains, which may be other people's servers, and
 * never over plain HTTP alone, where it would lock browsers out of a server that has no HTTPS.
 */
export const strictTransportSecurity = 'max-age=31536000';

const transportHeaders = (config: Pick<Config, 'behindHttps'>): Record<string, string> =>
  config.behindHttps ? { 'Strict-Transport-Security': strictTransportSecurity } : {};

/** The headers every response carries. */
export function securityHeaders(config: Pick<Config, 'remotes' | 'behindHttps'>): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    ...transportHeaders(config),
  };
}

/**
 * The headers of API replies: JSON is never a document, so its policy allows nothing at all (and
 * is a quarter of the size of the pages' one, on the calls made most often). No Referrer-Policy:
 * it governs what a document sends, and a response's own only applies to the redirect it makes,
 * which the API never does (one header line less to read on every call).
 *
 * `Cache-Control: no-store` on every one: API replies carry tokens (sign-in, details, resume) or
 * personal data (accounts, results, concerns, participants, progress), none is worth keeping in a
 * browser's or a proxy's cache, and one rule for all cannot miss a route added later. The public
 * API reference (`/api/docs`) is the exception: it is served as a page, `no-cache`.
 */
export function apiSecurityHeaders(config: Pick<Config, 'behindHttps'>): Record<string, string> {
  return {
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...transportHeaders(config),
  };
}

/**
 * A header set as the hook sets it: names already in lower case, as Fastify keeps them, so setting
 * one makes no new string (and no hash of it) a response.
 */
const lowerCaseEntries = (headers: Record<string, string>): ReadonlyArray<readonly [string, string]> =>
  Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value] as const);

const isApiReply = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

export const securityHeadersPlugin: FastifyPluginAsync<{ config: Config }> = globalPlugin(
  'security-headers',
  async (app, { config }) => {
    const headers = lowerCaseEntries(securityHeaders(config));
    const apiHeaders = lowerCaseEntries(apiSecurityHeaders(config));
    // Callback style: the hook runs on every response, and an async one costs a promise each time.
    app.addHook('onSend', (request, reply, payload, done) => {
      for (const [name, value] of isApiReply(request.url) ? apiHeaders : headers) reply.header(name, value);
      done(null, payload);
    });
  },
);
