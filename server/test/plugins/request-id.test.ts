// Every request has an id that its reply carries (`X-Request-Id`) and its log lines carry (`reqId`):
// the proxy's own, when a proxy TRUST_PROXY trusts sends a well-formed one; one of the server's otherwise.
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { redactedPaths } from '../../src/lib/logger';
import { requestIdGenerator, requestIdHeader } from '../../src/plugins/request-id';
import { createTestEnvironment, type TestEnvironment } from '../helpers/build';

/** An id of the server's own: the process's 16 hex digits, a dash, a count in base 36. */
const ownId = /^[0-9a-f]{16}-[0-9a-z]+$/;

interface LogLine {
  reqId?: string;
  msg?: string;
  req?: { url?: string; headers?: Record<string, string> };
  res?: { statusCode?: number };
}

/** An app whose log (JSON lines, at info) is kept in `lines`. */
async function loggedApp(environment: TestEnvironment, trustProxy: string[] | false) {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const app = await buildApp(
    { ...environment.config, logLevel: 'info', trustProxy },
    {
      logger: { level: 'info', redact: redactedPaths, stream },
      ...(environment.schema ? { schema: environment.schema } : {}),
      announce: () => {},
    },
  );
  return { app, lines };
}

describe('request ids', () => {
  let environment: TestEnvironment;
  // One app open at a time: SQLite's data directory takes one server.
  let current: FastifyInstance | undefined;
  beforeAll(async () => {
    environment = await createTestEnvironment();
  });
  afterEach(() => current?.close());
  afterAll(() => environment.cleanup());

  const open = async (trustProxy: string[] | false) => {
    const logged = await loggedApp(environment, trustProxy);
    current = logged.app;
    return logged;
  };

  it('gives each request an id of its own, sent back in X-Request-Id and carried by its log lines', async () => {
    const { app, lines } = await open(false);
    const first = await app.inject({ method: 'GET', url: '/api/health/live' });
    const second = await app.inject({ method: 'GET', url: '/api/auth/checkauth' });
    const ids = [first, second].map((response) => String(response.headers[requestIdHeader]));
    for (const id of ids) expect(id).toMatch(ownId);
    expect(ids[0]).not.toBe(ids[1]);
    for (const [index, id] of ids.entries()) {
      const own = lines.filter((line) => line.reqId === id);
      expect(own.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
      expect(own[0]!.req?.url).toBe(index === 0 ? '/api/health/live' : '/api/auth/checkauth');
      expect(own[1]!.res?.statusCode).toBe(index === 0 ? 200 : 401);
    }
  });

  it('makes ids unique across processes: each generator (one a process) draws its own prefix', () => {
    const request = { headers: {}, socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
    const [one, other] = [requestIdGenerator(() => false), requestIdGenerator(() => false)];
    const ids = [one(request), one(request), other(request)];
    for (const id of ids) expect(id).toMatch(ownId);
    const [first, second, third] = ids.map((id) => id.split('-'));
    expect(second![0]).toBe(first![0]);
    expect([first![1], second![1]]).toEqual(['1', '2']);
    expect(third![0]).not.toBe(first![0]);
  });

  it("keeps a trusted proxy's well-formed id", async () => {
    const { app, lines } = await open(['loopback']);
    for (const id of ['0f8e3a9d2c4b41e6a7d5b3c1e9f2a4d6', 'edge-1:7f3a.42_x']) {
      const response = await app.inject({ method: 'GET', url: '/api/health/live', headers: { [requestIdHeader]: id } });
      expect(response.headers[requestIdHeader]).toBe(id);
      expect(lines.filter((line) => line.reqId === id)).toHaveLength(2);
    }
  });

  it.each([
    ['too long', 'a'.repeat(65)],
    ['holding a space', 'two words'],
    ['holding a quote', 'id"injected'],
    ['empty', ''],
  ])("replaces a trusted proxy's id %s with its own", async (_label, id) => {
    const { app } = await open(['loopback']);
    const response = await app.inject({ method: 'GET', url: '/api/health/live', headers: { [requestIdHeader]: id } });
    expect(response.headers[requestIdHeader]).toMatch(ownId);
  });

  it('replaces an id sent by a client no proxy setting trusts', async () => {
    const { app, lines } = await open(['10.0.0.0/8']);
    const id = 'chosen-by-the-client';
    const response = await app.inject({ method: 'GET', url: '/api/health/live', headers: { [requestIdHeader]: id } });
    expect(response.headers[requestIdHeader]).toMatch(ownId);
    expect(lines.some((line) => line.reqId === id)).toBe(false);
    // From an address the setting trusts, the same id is kept.
    const proxied = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      remoteAddress: '10.1.2.3',
      headers: { [requestIdHeader]: id },
    });
    expect(proxied.headers[requestIdHeader]).toBe(id);
  });
});
