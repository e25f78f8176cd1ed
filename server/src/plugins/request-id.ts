import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { globalPlugin } from '../lib/plugin';

/** The header a request's id arrives in (from a trusted proxy) and every reply carries it back in. */
export const requestIdHeader = 'x-request-id';

/**
 * What an incoming id may look like: letters, digits and `._:-`, 1 to 64 of them (nginx's
 * `$request_id` is 32 hex digits, a UUID 36 characters). Anything else, a log line's worth of text
 * or a line break meant to forge one, is replaced by an id of our own.
 */
export const requestIdPattern = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: the proxy's id when the request comes from a proxy `TRUST_PROXY` trusts
 * and the id is well-formed, so one request can be followed from the proxy's log to the app's;
 * otherwise one of our own: 16 random hex digits drawn when the generator is made (once per
 * process), a dash and a count in base 36. Unique across processes and restarts, unlike Fastify's
 * counter alone, and a string concatenation a request instead of a UUID's random bytes.
 */
export function requestIdGenerator(trusted: (address: string) => boolean): (request: IncomingMessage) => string {
  const prefix = `${randomBytes(8).toString('hex')}-`;
  let count = 0;
  return (request) => {
    const given = request.headers[requestIdHeader];
    if (typeof given === 'string' && requestIdPattern.test(given) && trusted(request.socket.remoteAddress ?? '')) {
      return given;
    }
    count += 1;
    return prefix + count.toString(36);
  };
}

/**
 * Every reply carries its request's id (`X-Request-Id`), the one its log lines carry as `reqId`.
 * Set as the reply is sent, a phase every reply passes through anyway (the security headers are
 * set there too), rather than in one the server has no other use for.
 */
export const requestIdPlugin = globalPlugin('request-id', async (app) => {
  app.addHook('onSend', (request, reply, payload, done) => {
    void reply.header(requestIdHeader, request.id);
    done(null, payload);
  });
});
