// Reliability harness: JSON calls over keep-alive connections from many client addresses, the
// admin's sign-in and question list, and a round-robin proxy in front of two server processes.

import http from 'node:http';
import { freePort, sleep } from '../../helpers/server-process';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './settings';

export type Reply =
  | { kind: 'reply'; status: number; body: any; text: string; retryAfter: number | null }
  | { kind: 'network'; error: string };

// One keep-alive agent per client address, like one browser per participant.
const agents = new Map<string, http.Agent>();

function agentFor(from: string | undefined): http.Agent {
  const key = from ?? 'default';
  let agent = agents.get(key);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the kept-alive client connections (afterAll). */
export function destroyAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/**
 * One JSON call; a connection that fails before the whole reply arrived is `network`. `from` is
 * the client's source address (any 127.x.y.z on Linux): participants come from different
 * addresses, as they do in life, so the per-address limits of `validateuser` see many clients.
 */
export function callApi(
  baseUrl: string,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string | undefined; body?: unknown; timeoutMs?: number; from?: string | undefined } = {},
): Promise<Reply> {
  const target = new URL(url, baseUrl);
  const payload = options.body !== undefined ? Buffer.from(JSON.stringify(options.body)) : undefined;
  const headers: Record<string, string | number> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = payload.length;
  }
  return new Promise<Reply>((settle) => {
    let settled = false;
    const done = (reply: Reply) => {
      if (!settled) {
        settled = true;
        settle(reply);
      }
    };
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method,
        headers,
        agent: agentFor(options.from),
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = null;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            body = null;
          }
          const retryAfter = Number.parseFloat(String(response.headers['retry-after'] ?? ''));
          done({
            kind: 'reply',
            status: response.statusCode ?? 0,
            body,
            text,
            retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
          });
        });
        response.on('error', (error: NodeJS.ErrnoException) =>
          done({ kind: 'network', error: error.code ?? error.message }),
        );
        response.on('close', () => done({ kind: 'network', error: 'connection closed mid-reply' }));
      },
    );
    request.setTimeout(options.timeoutMs ?? 20_000, () =>
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
    );
    request.on('error', (error: NodeJS.ErrnoException) =>
      done({ kind: 'network', error: error.code ?? error.message }),
    );
    request.end(payload);
  });
}

/** Signs the configured superadmin in; retries while the server is (re)starting. */
export async function adminLogin(baseUrl: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const reply = await callApi(baseUrl, 'POST', '/api/auth/login', {
      body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    if (reply.kind === 'reply' && reply.status === 200) return reply.body.accessToken as string;
    if (reply.kind === 'reply' && reply.status < 500 && reply.status !== 429) {
      throw new Error(`admin login failed: ${reply.status} ${reply.text}`);
    }
    await sleep(500);
  }
  throw new Error('admin login did not succeed within 40 attempts');
}

/** What the test knows about a question: the admin's view (with the correct answer). */
export interface KnownQuestion {
  id: string;
  correctAnswer: string;
  options: string[];
  questionType: string;
  categoryName: string;
}

/** Every question with its correct answer, through the admin API. */
export async function adminQuestions(baseUrl: string, adminToken: string): Promise<Map<string, KnownQuestion>> {
  const reply = await callApi(baseUrl, 'GET', '/api/admin/getquestions?page=1&limit=100', { token: adminToken });
  if (reply.kind !== 'reply' || reply.status !== 200) throw new Error(`getquestions failed: ${JSON.stringify(reply)}`);
  const known = new Map<string, KnownQuestion>();
  for (const question of reply.body.questions as Array<any>) {
    known.set(question._id, {
      id: question._id,
      correctAnswer: question.correctAnswer,
      options: question.options,
      questionType: question.questionType,
      categoryName: question.category?.name ?? '',
    });
  }
  return known;
}

// ---------------------------------------------------------------------------------------------
// A round-robin proxy (two server processes behind one address)
// ---------------------------------------------------------------------------------------------

export interface RoundRobinProxy {
  url: string;
  /** Requests forwarded per upstream URL. */
  forwarded: Map<string, number>;
  /** Requests answered 502 because the upstream was unreachable or broke off. */
  badGateway: number;
  close(): Promise<void>;
}

/** A tiny HTTP proxy on 127.0.0.1 alternating the upstreams per request (no retries of its own). */
export async function startRoundRobinProxy(upstreams: readonly string[]): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  let next = 0;
  const state = { forwarded: new Map<string, number>(upstreams.map((upstream) => [upstream, 0])), badGateway: 0 };
  const server = http.createServer((request, response) => {
    const upstream = upstreams[next % upstreams.length] as string;
    next += 1;
    state.forwarded.set(upstream, (state.forwarded.get(upstream) ?? 0) + 1);
    const target = new URL(upstream);
    const forward = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
        agent,
        // Keep the client's loopback address, so the servers' per-address limits see each client.
        ...(request.socket.remoteAddress ? { localAddress: request.socket.remoteAddress } : {}),
      },
      (upstreamResponse) => {
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(response);
        upstreamResponse.on('error', () => response.destroy());
        upstreamResponse.on('aborted', () => response.destroy());
      },
    );
    forward.on('error', () => {
      if (!response.headersSent) {
        state.badGateway += 1;
        response.writeHead(502, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ message: 'Bad gateway' }));
      } else {
        response.destroy();
      }
    });
    request.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}`,
    get forwarded() {
      return state.forwarded;
    },
    get badGateway() {
      return state.badGateway;
    },
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => done());
      }),
  };
}
