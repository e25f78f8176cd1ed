/**
 * Reliability harness: real server processes (started exactly like production, one node process
 * each), simulated participants over HTTP that retry what was not acknowledged, a round-robin
 * proxy, and the final checks against the admin API and the database itself.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { lockFileName } from '../../src/db/lock';
import { sqliteFileName } from '../../src/db/sqlite/sqlite';
import type { Database } from '../../src/db/types';
import { decodeAnswers, decodeCategories } from '../../src/modules/results/codecs';
import { freePort, killStarted, sleep, spawnServerProcess, startServerProcess, type ServerProcess } from '../helpers/server-process';

export { freePort, killStarted, seconds, sleep, type ServerProcess } from '../helpers/server-process';

export const ADMIN_EMAIL = 'reliability-admin@prometrica.test';
export const ADMIN_PASSWORD = 'reliability-admin-password';
export const JWT_SECRET = 'reliability-tests-shared-jwt-secret-0123456789abcdef';
/** The PostgreSQL server given to the suite (a scratch database is created on it per run). */
export const postgresUrl = process.env.DATABASE_URL || undefined;

export const between = (min: number, max: number) => min + Math.random() * (max - min);

/** An integer from the environment, or the fallback (for the longer runs). */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

export function makeTempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `prometrica-${prefix}-`));
}

/**
 * Where a reliability test file's run keeps its data: `begin()` makes a scratch folder and, on
 * PostgreSQL, a scratch database; after the file's tests the servers, connections, folder and
 * database are all gone.
 */
export function scratchRun(name: string) {
  let dir: string | undefined;
  let scratch: ScratchDatabase | undefined;
  afterAll(async () => {
    destroyAgents();
    await killStarted();
    await scratch?.drop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    async begin(): Promise<{ dir: string; databaseUrl: string | undefined }> {
      dir = makeTempDir(name);
      if (postgresUrl) scratch = await createScratchDatabase(postgresUrl, `prometrica_${name.replace(/-/g, '_')}`);
      return { dir, databaseUrl: scratch?.url };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Server processes
// ---------------------------------------------------------------------------------------------

export interface ServerSettings {
  /** For messages: which server this is ("A", "B", "crash"). */
  name: string;
  port: number;
  dataDir: string;
  /** PostgreSQL database URL; SQLite in `dataDir` when absent. */
  databaseUrl?: string | undefined;
}

/** Starts a server with the reliability tests' accounts and secret and waits until it is healthy. */
export function startServer(settings: ServerSettings, healthTimeoutMs = 90_000): Promise<ServerProcess> {
  return startServerProcess({ ...settings, env: serverEnv(settings) }, healthTimeoutMs);
}

/** Spawns such a server without waiting for it to listen. */
export function spawnServer(settings: ServerSettings): ServerProcess {
  return spawnServerProcess({ ...settings, env: serverEnv(settings) });
}

function serverEnv(settings: ServerSettings): Record<string, string> {
  const missing = path.join(settings.dataDir, '..', 'no-dist');
  return {
    DATABASE_URL: settings.databaseUrl ?? '',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    JWT_SECRET,
    // The front-end builds are not what is tested: never depend on what was last built.
    SHELL_DIST: path.join(missing, 'shell'),
    PARTICIPANT_DIST: path.join(missing, 'participant'),
    ADMIN_DIST: path.join(missing, 'admin'),
  };
}

/** The SQLite lock file of a data directory and the PID in it (null when there is none). */
export function readLockPid(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(dataDir, lockFileName), 'utf8').trim(), 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL scratch databases (the server has no schema setting, so each run gets a database)
// ---------------------------------------------------------------------------------------------

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `CREATE DATABASE` a fresh one on the server of `baseUrl`; `drop()` removes it (forcing off leftovers). */
export async function createScratchDatabase(baseUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await withClient(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withClient(baseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}

/** Kysely straight on the database the servers used (SQLite file or PostgreSQL), not through the server. */
export function openDirect(target: { dataDir: string; databaseUrl?: string | undefined }): Kysely<Database> {
  if (target.databaseUrl) {
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.databaseUrl, max: 2 }) }),
    });
  }
  const file = path.join(target.dataDir, sqliteFileName);
  const database = new SqliteDatabase(file, { fileMustExist: true });
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

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
          done({ kind: 'reply', status: response.statusCode ?? 0, body, text, retryAfter: Number.isFinite(retryAfter) ? retryAfter : null });
        });
        response.on('error', (error: NodeJS.ErrnoException) => done({ kind: 'network', error: error.code ?? error.message }));
        response.on('close', () => done({ kind: 'network', error: 'connection closed mid-reply' }));
      },
    );
    request.setTimeout(options.timeoutMs ?? 20_000, () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error: NodeJS.ErrnoException) => done({ kind: 'network', error: error.code ?? error.message }));
    request.end(payload);
  });
}

/** Signs the configured superadmin in; retries while the server is (re)starting. */
export async function adminLogin(baseUrl: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const reply = await callApi(baseUrl, 'POST', '/api/auth/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
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

// ---------------------------------------------------------------------------------------------
// Simulated participants
// ---------------------------------------------------------------------------------------------

/** How the server acknowledged a participant's submission. */
export type AckKind =
  /** 201: stored by this request. */
  | 'created'
  /** 200: the identical submission was already stored (an earlier, unacknowledged attempt). */
  | 'repeat'
  /** 403 to a fresh-session token: an earlier session stored it; verified in the final check. */
  | 'other-session'
  /** Re-validating in the same session said "already completed" and returned the stored answers. */
  | 'revalidated-stored'
  /** Re-validating (fresh session) said "already completed" without the answers; verified at the end. */
  | 'already-completed';

export interface Participant {
  index: number;
  email: string;
  name: string;
  phone: string;
  /** The participant's own source address (127.10.x.y). */
  address: string;
  /** The name sent with the submission (differs from `name`: the submit transaction updates it). */
  submittedName: string;
  token: string | null;
  /** Sessions used (a fresh re-validation without the old token starts another). */
  sessions: number;
  /** Re-validations after failed submissions (at most `maxRevalidations`). */
  revalidations: number;
  answers: Array<{ questionId: string; userAnswer: string }>;
  /** What the test expects the server to score. */
  expected: { correct: number; categories: Map<string, { correct: number; wrong: number }> };
  ack: null | { kind: AckKind; status?: number; submittedAt?: string };
  submitRequests: number;
  error: string | null;
  done: boolean;
}

/** Counters shared by every participant of a run (plain numbers: one event loop). */
export interface LoadStats {
  requests: number;
  /** Calls repeated after a network error, a 5xx or a 502 from the proxy. */
  retries: { validate: number; questions: number; submit: number };
  networkErrors: number;
  serverErrors: Map<number, number>;
  revalidations: { sameSession: number; freshSession: number };
  rateLimited: number;
  /** Requests currently waiting for a reply, per step (sampled at kill moments). */
  inFlight: { validate: number; questions: number; submit: number };
  /** Concurrent double submissions: [201+200 pairs, pairs where both said 201]. */
  doubles: { pairs: number; bothCreated: number };
}

export function newStats(): LoadStats {
  return {
    requests: 0,
    retries: { validate: 0, questions: 0, submit: 0 },
    networkErrors: 0,
    serverErrors: new Map(),
    revalidations: { sameSession: 0, freshSession: 0 },
    rateLimited: 0,
    inFlight: { validate: 0, questions: 0, submit: 0 },
    doubles: { pairs: 0, bothCreated: 0 },
  };
}

export interface LoadOptions {
  /** Where participants send requests (the server, or the proxy). */
  baseUrl: string;
  /** Known questions (with correct answers) keyed by id. */
  questions: Map<string, KnownQuestion>;
  stats: LoadStats;
  /** No call is retried after this moment (ms since epoch); unfinished participants fail. */
  deadline: number;
  /** Pause between a participant's steps, in ms. */
  thinkMs: [number, number];
  /** Chance that a failed submission re-validates before retrying, and the share of those that do so without the old token. */
  revalidateChance: number;
  freshSessionShare: number;
  /** Chance a participant sends its submission twice at once (to these base URLs, e.g. both processes). */
  doubleSubmitChance?: number;
  doubleSubmitTargets?: readonly string[];
}

/** Creates the participants of a run (the emails carry `runId`, so runs never share participants). */
export function makeParticipants(runId: string, count: number): Participant[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    email: `p${index}-${runId}@reliability.test`,
    name: `Participant ${index} ${runId}`,
    phone: `0300${String(1000000 + index)}`,
    address: `127.10.${Math.floor(index / 250) % 256}.${(index % 250) + 1}`,
    submittedName: `Participant ${index} ${runId} (submitted)`,
    token: null,
    sessions: 0,
    revalidations: 0,
    answers: [],
    expected: { correct: 0, categories: new Map() },
    ack: null,
    submitRequests: 0,
    error: null,
    done: false,
  }));
}

class ParticipantFailure extends Error {}

/** A person reloads a few times, not endlessly (validateuser allows 10 per email in 15 minutes). */
const maxRevalidations = 3;

/** A short Retry-After is waited out; a long one means the test itself exceeded a limit: fail clearly. */
async function waitOutRateLimit(options: LoadOptions, retryAfter: number | null) {
  options.stats.rateLimited += 1;
  if ((retryAfter ?? 1) > 10) {
    throw new ParticipantFailure(`rate limited (429, Retry-After ${retryAfter} s): the simulated traffic exceeded a server limit`);
  }
  await sleep((retryAfter ?? 1) * 1000);
}

function backoff(attempt: number): number {
  return Math.min(1500, 100 * 2 ** Math.min(attempt, 4)) * between(0.5, 1.2);
}

function retryable(reply: Reply): boolean {
  return reply.kind === 'network' || reply.status >= 500;
}

function countFailure(stats: LoadStats, reply: Reply) {
  if (reply.kind === 'network') stats.networkErrors += 1;
  else stats.serverErrors.set(reply.status, (stats.serverErrors.get(reply.status) ?? 0) + 1);
}

async function tracked(stats: LoadStats, step: keyof LoadStats['inFlight'], call: () => Promise<Reply>): Promise<Reply> {
  stats.requests += 1;
  stats.inFlight[step] += 1;
  try {
    return await call();
  } finally {
    stats.inFlight[step] -= 1;
  }
}

function checkDeadline(options: LoadOptions, what: string) {
  if (Date.now() > options.deadline) throw new ParticipantFailure(`deadline passed while ${what}`);
}

/**
 * `auth/validateuser` until it answers. With `holder` the old token goes along (the same browser:
 * the session continues); without it a new session starts. The first call sends every detail,
 * re-validations only the email (so they never change the name the submission stored).
 */
async function validate(p: Participant, options: LoadOptions, holder: string | null, first: boolean) {
  const body = first ? { email: p.email, name: p.name, phone: p.phone } : { email: p.email };
  for (let attempt = 0; ; attempt += 1) {
    checkDeadline(options, 'validating');
    const reply = await tracked(options.stats, 'validate', () =>
      callApi(options.baseUrl, 'POST', '/api/auth/validateuser', { body, token: holder ?? undefined, from: p.address }),
    );
    if (reply.kind === 'reply' && reply.status === 200) {
      p.token = reply.body.token;
      if (!holder) p.sessions += 1;
      return reply.body as { status: boolean; response: Array<{ questionId: string; userAnswer: string }> };
    }
    if (reply.kind === 'reply' && reply.status === 429) {
      await waitOutRateLimit(options, reply.retryAfter);
      continue;
    }
    if (!retryable(reply)) throw new ParticipantFailure(`validateuser answered ${JSON.stringify(reply)}`);
    countFailure(options.stats, reply);
    options.stats.retries.validate += 1;
    await sleep(backoff(attempt));
  }
}

async function fetchQuestions(p: Participant, options: LoadOptions) {
  for (let attempt = 0; ; attempt += 1) {
    checkDeadline(options, 'fetching questions');
    const reply = await tracked(options.stats, 'questions', () =>
      callApi(options.baseUrl, 'GET', '/api/user/getquestion', { token: p.token ?? undefined, from: p.address }),
    );
    if (reply.kind === 'reply' && reply.status === 200) return reply.body.questions as Array<any>;
    if (reply.kind === 'reply' && reply.status === 401) {
      // Tokens are stateless and the secret is fixed: a restart must not sign anyone out.
      throw new ParticipantFailure(`getquestion refused the token after a restart: ${reply.text}`);
    }
    if (!retryable(reply)) throw new ParticipantFailure(`getquestion answered ${JSON.stringify(reply)}`);
    countFailure(options.stats, reply);
    options.stats.retries.questions += 1;
    await sleep(backoff(attempt));
  }
}

/** Right or wrong at random; right answers sometimes in another case or padded (still right). */
function chooseAnswers(p: Participant, served: Array<any>, options: LoadOptions) {
  if (served.length !== options.questions.size) {
    throw new ParticipantFailure(`getquestion served ${served.length} questions, the bank has ${options.questions.size}`);
  }
  for (const question of served) {
    const known = options.questions.get(question._id);
    if (!known) throw new ParticipantFailure(`getquestion served an unknown question ${question._id}`);
    if ('correctAnswer' in question) throw new ParticipantFailure('getquestion leaked the correct answer');
    const right = Math.random() < 0.6;
    let userAnswer: string;
    if (right) {
      const shape = Math.random();
      userAnswer = shape < 0.2 ? known.correctAnswer.toUpperCase() : shape < 0.3 ? `  ${known.correctAnswer} ` : known.correctAnswer;
    } else {
      const others = known.options.filter((option) => option.trim().toLowerCase() !== known.correctAnswer.trim().toLowerCase());
      userAnswer = others.length > 0 ? (others[Math.floor(Math.random() * others.length)] as string) : `not ${known.correctAnswer}`;
    }
    p.answers.push({ questionId: known.id, userAnswer });
    if (right) p.expected.correct += 1;
    const figure = p.expected.categories.get(known.categoryName) ?? { correct: 0, wrong: 0 };
    if (right) figure.correct += 1;
    else figure.wrong += 1;
    p.expected.categories.set(known.categoryName, figure);
  }
}

/** True when `echoed` holds exactly the answers sent (the server trims them). */
export function sameAnswers(sent: Participant['answers'], echoed: Array<{ questionId: string; userAnswer: string }>): boolean {
  if (echoed.length !== sent.length) return false;
  const byId = new Map(sent.map((answer) => [answer.questionId, answer.userAnswer.trim()]));
  return echoed.every((answer) => byId.get(answer.questionId) === answer.userAnswer);
}

async function submitOnce(p: Participant, options: LoadOptions, baseUrl: string): Promise<Reply> {
  p.submitRequests += 1;
  return tracked(options.stats, 'submit', () =>
    callApi(baseUrl, 'POST', '/api/user/submitanswer', {
      token: p.token ?? undefined,
      from: p.address,
      body: { name: p.submittedName, email: p.email, contactno: p.phone, answers: p.answers },
    }),
  );
}

/** Interprets a reply to submitanswer: true when it acknowledged the submission. */
function acknowledged(p: Participant, reply: Reply): boolean {
  if (reply.kind !== 'reply') return false;
  if (reply.status === 200 || reply.status === 201) {
    if (!sameAnswers(p.answers, reply.body.questions)) {
      throw new ParticipantFailure(`submitanswer ${reply.status} echoed other answers: ${reply.text}`);
    }
    if (reply.status === 201 || !p.ack) {
      p.ack = { kind: reply.status === 201 ? 'created' : 'repeat', status: reply.status, submittedAt: reply.body.submittedAt };
    }
    return true;
  }
  if (reply.status === 403 && p.sessions > 1) {
    // Another session of ours stored it first: the server's privacy rule, not a loss.
    p.ack = { kind: 'other-session', status: 403 };
    return true;
  }
  if (reply.status === 403 || reply.status === 409 || reply.status === 400) {
    throw new ParticipantFailure(`submitanswer answered ${reply.status}: ${reply.text}`);
  }
  return false;
}

async function submitUntilAcknowledged(p: Participant, options: LoadOptions) {
  const targets = options.doubleSubmitTargets ?? [];
  if (targets.length >= 2 && Math.random() < (options.doubleSubmitChance ?? 0)) {
    // The same submission twice at the same moment, to two processes: one stores it, one repeats it.
    const replies = await Promise.all(targets.slice(0, 2).map((target) => submitOnce(p, options, target)));
    const statuses = replies.map((reply) => (reply.kind === 'reply' ? reply.status : 0));
    if (statuses.every((status) => status === 200 || status === 201)) {
      options.stats.doubles.pairs += 1;
      if (statuses.every((status) => status === 201)) options.stats.doubles.bothCreated += 1;
      const times = replies.map((reply) => (reply.kind === 'reply' ? reply.body.submittedAt : null));
      if (times[0] !== times[1]) throw new ParticipantFailure(`double submission answered two submissions: ${times.join(' vs ')}`);
    }
    const done = replies.map((reply) => acknowledged(p, reply));
    if (done.some(Boolean)) return;
  }
  for (let attempt = 0; ; attempt += 1) {
    checkDeadline(options, 'submitting');
    const reply = await submitOnce(p, options, options.baseUrl);
    if (acknowledged(p, reply)) return;
    if (reply.kind === 'reply' && reply.status === 429) {
      await waitOutRateLimit(options, reply.retryAfter);
      continue;
    }
    if (reply.kind === 'reply' && reply.status === 401) {
      throw new ParticipantFailure(`submitanswer refused the token: ${reply.text}`);
    }
    if (!retryable(reply)) throw new ParticipantFailure(`submitanswer answered ${JSON.stringify(reply)}`);
    countFailure(options.stats, reply);
    options.stats.retries.submit += 1;
    await sleep(backoff(attempt));
    if (p.revalidations < maxRevalidations && Math.random() < options.revalidateChance) {
      p.revalidations += 1;
      // The participant reloads the page: the same browser (old token sent) or another one.
      const fresh = Math.random() < options.freshSessionShare;
      if (fresh) options.stats.revalidations.freshSession += 1;
      else options.stats.revalidations.sameSession += 1;
      const again = await validate(p, options, fresh ? null : p.token, false);
      if (again.status) {
        if (again.response.length > 0) {
          if (!sameAnswers(p.answers, again.response)) {
            throw new ParticipantFailure(`validateuser returned other stored answers: ${JSON.stringify(again.response)}`);
          }
          p.ack = { kind: 'revalidated-stored' };
        } else {
          p.ack = { kind: 'already-completed' };
        }
        return;
      }
    }
  }
}

/** One participant: enter details, fetch the questions, answer them, submit until acknowledged. */
export async function runParticipant(p: Participant, options: LoadOptions, startGate: () => Promise<void>) {
  try {
    await startGate();
    const first = await validate(p, options, null, true);
    if (first.status) throw new ParticipantFailure('a new participant was told it had already completed the assessment');
    await sleep(between(...options.thinkMs));
    chooseAnswers(p, await fetchQuestions(p, options), options);
    await sleep(between(...options.thinkMs));
    await submitUntilAcknowledged(p, options);
  } catch (error) {
    p.error = error instanceof Error ? error.message : String(error);
  } finally {
    p.done = true;
  }
}

// ---------------------------------------------------------------------------------------------
// Final checks
// ---------------------------------------------------------------------------------------------

/** round(correct / total × 100), written out again here rather than imported from the server. */
const percent = (correct: number, wrong: number) => (correct + wrong === 0 ? 0 : Math.round((correct / (correct + wrong)) * 100));
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Problems found, as readable lines (empty when everything holds). */
export type Problems = string[];

/**
 * Every participant through `GET admin/getquizresult`: exactly one result each, nobody else's, and
 * the totals and category figures the participant's choices add up to.
 */
export async function checkThroughAdminApi(baseUrl: string, adminToken: string, participants: Participant[]): Promise<{ problems: Problems; listed: number }> {
  const problems: Problems = [];
  const listed: any[] = [];
  let totalResults = -1;
  for (let page = 1; page <= 1000; page += 1) {
    const reply = await callApi(baseUrl, 'GET', `/api/admin/getquizresult?page=${page}&limit=100&search=`, { token: adminToken });
    if (reply.kind !== 'reply' || reply.status !== 200) throw new Error(`getquizresult page ${page}: ${JSON.stringify(reply)}`);
    totalResults = reply.body.totalResults;
    listed.push(...reply.body.results);
    if (reply.body.results.length === 0 || listed.length >= totalResults) break;
  }
  if (totalResults !== participants.length) problems.push(`admin API: totalResults ${totalResults}, expected ${participants.length}`);
  const byEmail = new Map<string, any[]>();
  for (const result of listed) byEmail.set(result.user.email, [...(byEmail.get(result.user.email) ?? []), result]);
  if (new Set(listed.map((result) => result.user._id)).size !== listed.length) problems.push('admin API: a participant is listed twice');
  for (const p of participants) {
    const results = byEmail.get(p.email) ?? [];
    if (results.length !== 1) {
      problems.push(`admin API: ${p.email} has ${results.length} results`);
      continue;
    }
    const result = results[0];
    const wrong = p.answers.length - p.expected.correct;
    const totals = result.userTotals;
    const want = { correctAnswer: p.expected.correct, wrongAnswer: wrong, totalAnswers: p.answers.length, percent: percent(p.expected.correct, wrong) };
    if (totals.correctAnswer !== want.correctAnswer || totals.wrongAnswer !== want.wrongAnswer || totals.totalAnswers !== want.totalAnswers || totals.percent !== want.percent || totals.passed !== want.percent >= 50) {
      problems.push(`admin API: ${p.email} totals ${JSON.stringify(totals)}, expected ${JSON.stringify(want)}`);
    }
    const categories = new Map<string, any>(result.categories.map((figure: any) => [figure.categoryName, figure]));
    if (categories.size !== p.expected.categories.size) problems.push(`admin API: ${p.email} has ${categories.size} category figures`);
    for (const [name, figure] of p.expected.categories) {
      const got = categories.get(name);
      if (!got || got.correctAnswer !== figure.correct || got.wrongAnswer !== figure.wrong || got.totalAnswers !== figure.correct + figure.wrong || got.percent !== percent(figure.correct, figure.wrong)) {
        problems.push(`admin API: ${p.email} category ${name} ${JSON.stringify(got)}, expected ${JSON.stringify(figure)}`);
      }
    }
    if (p.ack?.submittedAt && p.ack.submittedAt !== result.createdAt) {
      problems.push(`admin API: ${p.email} was acknowledged at ${p.ack.submittedAt}, the stored result is from ${result.createdAt}`);
    }
  }
  return { problems, listed: listed.length };
}

export interface DatabaseFigures {
  results: number;
  distinctParticipants: number;
  participants: number;
  answers: number;
  categoryRows: number;
}

/**
 * The same, straight from the tables: one result per participant, every total and category figure
 * equal to a recomputation from the stored answer rows, the answer snapshots equal to what was
 * sent, no orphan rows, and the participant update of the submit transaction present.
 */
export async function checkDatabase(
  db: Kysely<Database>,
  participants: Participant[],
  questions: Map<string, KnownQuestion>,
  /** Participants the test created outside the load (they have no result). */
  otherParticipants = 0,
): Promise<{ problems: Problems; figures: DatabaseFigures }> {
  const problems: Problems = [];
  const count = async (table: 'results' | 'participants' | 'result_answers') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const distinct = await db.selectFrom('results').select(db.fn.count('participant_id').distinct().as('n')).executeTakeFirstOrThrow();
  const people = await db.selectFrom('participants').selectAll().execute();
  const results = await db.selectFrom('results').selectAll().execute();
  const answerDocuments = await db.selectFrom('result_answers').selectAll().execute();
  const answersByResult = new Map(answerDocuments.map((row) => [row.result_id, decodeAnswers(row.answers)]));
  const figuresByResult = new Map(results.map((row) => [row.id, decodeCategories(row.categories)]));
  const figures: DatabaseFigures = {
    results: await count('results'),
    distinctParticipants: Number(distinct.n),
    participants: await count('participants'),
    answers: [...answersByResult.values()].reduce((sum, list) => sum + list.length, 0),
    categoryRows: [...figuresByResult.values()].reduce((sum, list) => sum + list.length, 0),
  };
  if (figures.results !== participants.length) problems.push(`database: ${figures.results} results, expected ${participants.length}`);
  if (figures.distinctParticipants !== figures.results) problems.push(`database: ${figures.results} results for ${figures.distinctParticipants} participants`);
  if (figures.participants !== participants.length + otherParticipants) {
    problems.push(`database: ${figures.participants} participants, expected ${participants.length + otherParticipants}`);
  }

  const resultIds = new Set(results.map((row) => row.id));
  const orphanAnswers = answerDocuments.filter((row) => !resultIds.has(row.result_id)).length;
  const withoutAnswers = results.filter((row) => !answersByResult.has(row.id)).length;
  if (orphanAnswers + withoutAnswers > 0) problems.push(`database: ${orphanAnswers} orphan answer lists, ${withoutAnswers} results without answers`);

  const personByEmail = new Map(people.map((person) => [person.email_lower, person]));
  const resultsByParticipant = new Map<string, typeof results>();
  for (const result of results) resultsByParticipant.set(result.participant_id, [...(resultsByParticipant.get(result.participant_id) ?? []), result]);

  for (const p of participants) {
    const person = personByEmail.get(p.email.toLowerCase());
    if (!person) {
      problems.push(`database: no participant row for ${p.email}`);
      continue;
    }
    const own = resultsByParticipant.get(person.id) ?? [];
    if (own.length !== 1) {
      problems.push(`database: ${p.email} has ${own.length} results${p.ack ? ` (acknowledged as ${p.ack.kind})` : ''}`);
      continue;
    }
    const result = own[0] as (typeof results)[number];
    if (person.name !== p.submittedName) problems.push(`database: ${p.email} is named "${person.name}": the submit transaction's update is missing`);
    if (!result.session_id) problems.push(`database: ${p.email} result has no session`);
    if (p.ack?.submittedAt && p.ack.submittedAt !== result.created_at) {
      problems.push(`database: ${p.email} acknowledged at ${p.ack.submittedAt}, stored at ${result.created_at}`);
    }
    const rows = answersByResult.get(result.id) ?? [];
    // Recompute from the stored answers.
    let correct = 0;
    const byCategory = new Map<string, { correct: number; wrong: number }>();
    for (const row of rows) {
      if (row.isCorrect !== sameText(row.userAnswer, row.correctAnswer)) problems.push(`database: ${p.email} answer ${row.questionId} marked ${row.isCorrect} wrongly`);
      const known = questions.get(row.questionId);
      if (!known || row.correctAnswer !== known.correctAnswer || row.categoryName !== known.categoryName) {
        problems.push(`database: ${p.email} answer ${row.questionId} snapshot differs from the question`);
      }
      if (row.isCorrect) correct += 1;
      const figure = byCategory.get(row.categoryName) ?? { correct: 0, wrong: 0 };
      if (row.isCorrect) figure.correct += 1;
      else figure.wrong += 1;
      byCategory.set(row.categoryName, figure);
    }
    const wrong = rows.length - correct;
    if (!sameAnswers(p.answers, rows.map((row) => ({ questionId: row.questionId, userAnswer: row.userAnswer })))) {
      problems.push(`database: ${p.email} stored answers differ from the ones sent`);
    }
    if (new Set(rows.map((row) => row.questionId)).size !== rows.length) problems.push(`database: ${p.email} answers a question twice`);
    const stored = { correct: Number(result.correct), wrong: Number(result.wrong), total: Number(result.total), percent: Number(result.percent), passed: Number(result.passed) === 1 };
    const recomputed = { correct, wrong, total: rows.length, percent: percent(correct, wrong), passed: percent(correct, wrong) >= 50 };
    if (JSON.stringify(stored) !== JSON.stringify(recomputed)) {
      problems.push(`database: ${p.email} totals ${JSON.stringify(stored)} but the answers add up to ${JSON.stringify(recomputed)}`);
    }
    if (correct !== p.expected.correct) problems.push(`database: ${p.email} has ${correct} right answers, the participant chose ${p.expected.correct}`);
    const storedFigures = figuresByResult.get(result.id) ?? [];
    if (storedFigures.length !== byCategory.size) problems.push(`database: ${p.email} has ${storedFigures.length} category figures for ${byCategory.size} categories`);
    for (const row of storedFigures) {
      const want = byCategory.get(row.categoryName);
      const got = { correct: row.correct, wrong: row.wrong, total: row.total, percent: row.percent };
      if (!want || JSON.stringify(got) !== JSON.stringify({ ...want, total: want.correct + want.wrong, percent: percent(want.correct, want.wrong) })) {
        problems.push(`database: ${p.email} category ${row.categoryName} ${JSON.stringify(got)} but the answers add up to ${JSON.stringify(want)}`);
      }
    }
  }
  return { problems, figures };
}

/** Acknowledgements by kind, e.g. `created 180, repeat 15, already-completed 5`. */
export function ackSummary(participants: Participant[]): string {
  const kinds = new Map<string, number>();
  for (const p of participants) if (p.ack) kinds.set(p.ack.kind, (kinds.get(p.ack.kind) ?? 0) + 1);
  return [...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none';
}

/** What became of the submissions: attempted, acknowledged (by kind), stored and listed. */
export function submissionsSummary(participants: Participant[], stored: DatabaseFigures, listed: number): string {
  const attempted = participants.filter((p) => p.submitRequests > 0).length;
  const requests = participants.reduce((n, p) => n + p.submitRequests, 0);
  const acknowledged = participants.filter((p) => p.ack).length;
  return (
    `submissions attempted ${attempted} (${requests} submit requests), acknowledged ${acknowledged} (${ackSummary(participants)}), ` +
    `stored ${stored.results} (distinct participants ${stored.distinctParticipants}, listed by the admin API ${listed})`
  );
}

export function statsSummary(stats: LoadStats): string {
  const errors = [...stats.serverErrors].map(([status, n]) => `${status}×${n}`).join(' ') || 'none';
  const retries = stats.retries.validate + stats.retries.questions + stats.retries.submit;
  return [
    `requests ${stats.requests}`,
    `retries ${retries} (validate ${stats.retries.validate}, questions ${stats.retries.questions}, submit ${stats.retries.submit})`,
    `network errors ${stats.networkErrors}, 5xx ${errors}`,
    `re-validations same session ${stats.revalidations.sameSession}, fresh session ${stats.revalidations.freshSession}`,
    `429s ${stats.rateLimited}`,
  ].join('; ');
}

/** First few participant failures, for the assertion message. */
export function participantFailures(participants: Participant[]): string[] {
  return participants.filter((p) => p.error || !p.ack).map((p) => `${p.email}: ${p.error ?? 'never acknowledged'}`);
}
