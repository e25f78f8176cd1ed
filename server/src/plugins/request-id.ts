import { randomUUID } from 'node:crypto';
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
 * otherwise a new UUID (unique across processes, unlike Fastify's counter).
 */
export function requestIdGenerator(trusted: (address: string) => boolean): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers[requestIdHeader];
    if (typeof given === 'string' && requestIdPattern.test(given) && trusted(request.socket.remoteAddress ?? '')) {
      return given;
    }
    return randomUUID();
  };
}

/** Every reply carries its request's id (`X-Request-Id`), the one its log lines carry as `reqId`. */
export const requestIdPlugin = globalPlugin('request-id', async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(requestIdHeader, request.id);
    done();
  });
});
