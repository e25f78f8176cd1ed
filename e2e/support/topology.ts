// The production topology on this machine: nginx (Debian's) ending TLS with HTTP/2 in front of two
// server processes on a PostgreSQL database of their own, and serving the two remotes from a
// second origin, configured by deploy/nginx/prometrica.conf as an operator would fill it in.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { connect } from 'node:tls';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '../../server/test/helpers/scratch-database';
import { killStarted, startServerProcess, type ServerProcess } from '../../server/test/helpers/server-process';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freePort, removeDir, repoRoot } from './server';

export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const templateFile = join(repoRoot, 'deploy/nginx/prometrica.conf');

/**
 * The address nginx connects to the app processes from (`proxy_bind`), and so the one their
 * `TRUST_PROXY` names. Loopback has all of 127.0.0.0/8, so the proxy, the browser (127.0.0.1) and
 * the test's other clients (127.0.0.2, ...) each have an address of their own.
 */
export const proxyAddress = '127.0.0.3';

/** One line of the access log (the template's `prometrica` format). */
export interface AccessLine {
  client: string;
  protocol: string;
  method: string;
  uri: string;
  status: number;
  upstream: string;
  request_id: string;
  user_agent: string;
}

export interface Topology {
  /** https://127.0.0.1:port, the app's origin (the shell, /config.json, the API). */
  appOrigin: string;
  /** https://127.0.0.1:port, the remotes' origin. */
  remotesOrigin: string;
  /** http://127.0.0.1:port, which only redirects to the app's origin. */
  httpOrigin: string;
  /** The folder the remotes' origin serves (`participant/` and `admin/`), to release into. */
  remotesRoot: string;
  /** The test certificate (PEM), for clients that check it. */
  certificate: string;
  servers: ServerProcess[];
  database: ScratchDatabase;
  appLog(): AccessLine[];
  remotesLog(): AccessLine[];
  stop(): Promise<void>;
}

/** Fills in the template's `${PROMETRICA_*}` values; throws when one is left or unknown. */
export function renderTemplate(values: Record<string, string>): string {
  const text = readFileSync(templateFile, 'utf8').replace(/\$\{(PROMETRICA_[A-Z0-9_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    // The comments name the form of a value without one; only the directives must all be filled.
    return value ?? whole;
  });
  const missing = [
    ...new Set(
      text
        .split('\n')
        .filter((line) => !line.trim().startsWith('#'))
        .flatMap((line) => [...line.matchAll(/\$\{(PROMETRICA_[A-Z0-9_]+)\}/g)].map((m) => m[1])),
    ),
  ];
  if (missing.length > 0) throw new Error(`the nginx template needs values for ${missing.join(', ')}`);
  return text;
}

function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'certificate.pem');
  const key = join(dir, 'certificate-key.pem');
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make the test certificate:\n${made.stderr}`);
  return { cert, key };
}

/** The main nginx.conf of the test: everything in `dir`, nothing of the machine's nginx but mime.types. */
function mainConfig(dir: string): string {
  const temp = (name: string) => {
    const path = join(dir, 'temp', name);
    mkdirSync(path, { recursive: true });
    // Workers run as nobody when nginx starts as root: they write request bodies and buffered
    // replies here.
    chmodSync(path, 0o777);
    return path;
  };
  return `daemon off;
worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include ${join(dir, 'prometrica.conf')};
}
`;
}

/** Resolves once a TLS handshake on `port` succeeds; throws after `ms`. */
async function waitForTls(port: number, nginx: ChildProcess, output: () => string, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited:\n${output()}`);
    const ok = await new Promise<boolean>((done) => {
      const socket = connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
        socket.end();
        done(true);
      });
      socket.once('error', () => done(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not answer on ${port} within ${ms} ms:\n${output()}`);
}

const readLog = (file: string): AccessLine[] =>
  existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessLine)
    : [];

/** Starts the two app processes, then nginx in front of them; `stop()` ends and removes all of it. */
export async function startTopology(databaseUrl: string): Promise<Topology> {
  if (!existsSync(nginxPath))
    throw new Error(`${nginxPath} is missing: install Debian's nginx (apt-get install nginx)`);
  const dir = mkdtempSync(join(tmpdir(), 'prometrica-topology-'));
  // nginx's workers (nobody, when it starts as root) read the remotes under it.
  chmodSync(dir, 0o755);
  const cleanup: (() => Promise<void> | void)[] = [() => removeDir(dir)];
  const stop = async () => {
    for (const step of cleanup.reverse()) await step();
  };
  try {
    const { cert, key } = makeCertificate(dir);
    const database = await createScratchDatabase(databaseUrl, 'prometrica_topology');
    cleanup.push(() => database.drop());

    const remotesRoot = join(dir, 'remotes');
    cpSync(join(repoRoot, 'participant-app/dist'), join(remotesRoot, 'participant'), { recursive: true });
    cpSync(join(repoRoot, 'admin-app/dist'), join(remotesRoot, 'admin'), { recursive: true });

    const appPort = await freePort();
    const remotesPort = await freePort();
    const httpPort = await freePort();
    const portA = await freePort();
    const portB = await freePort();
    const appOrigin = `https://127.0.0.1:${appPort}`;
    const remotesOrigin = `https://127.0.0.1:${remotesPort}`;
    const missing = join(dir, 'not-here');
    const serverEnv = {
      DATABASE_URL: database.url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      PASSWORD_HASH_COST: '10',
      TRUST_PROXY: proxyAddress,
      BEHIND_HTTPS: 'true',
      PUBLIC_URL: appOrigin,
      // The shell loads the remotes from their own origin (/config.json says where); these
      // processes serve no remote at all.
      PARTICIPANT_REMOTE_URL: `${remotesOrigin}/participant/mf-manifest.json`,
      ADMIN_REMOTE_URL: `${remotesOrigin}/admin/mf-manifest.json`,
      PARTICIPANT_DIST: missing,
      ADMIN_DIST: missing,
    };
    cleanup.push(() => killStarted());
    // One first: it migrates the new database and creates the superadmin; the second finds both done.
    const first = await startServerProcess({ name: 'A', port: portA, dataDir: join(dir, 'a'), env: serverEnv }, 60_000);
    const second = await startServerProcess(
      { name: 'B', port: portB, dataDir: join(dir, 'b'), env: serverEnv },
      60_000,
    );

    writeFileSync(
      join(dir, 'prometrica.conf'),
      renderTemplate({
        PROMETRICA_APP_1: `127.0.0.1:${portA}`,
        PROMETRICA_APP_2: `127.0.0.1:${portB}`,
        PROMETRICA_PROXY_ADDRESS: proxyAddress,
        PROMETRICA_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
        PROMETRICA_APP_LISTEN: `127.0.0.1:${appPort}`,
        PROMETRICA_APP_NAME: '127.0.0.1',
        PROMETRICA_APP_ORIGIN: appOrigin,
        PROMETRICA_APP_CERTIFICATE: cert,
        PROMETRICA_APP_CERTIFICATE_KEY: key,
        PROMETRICA_REMOTES_LISTEN: `127.0.0.1:${remotesPort}`,
        PROMETRICA_REMOTES_NAME: '127.0.0.1',
        PROMETRICA_REMOTES_CERTIFICATE: cert,
        PROMETRICA_REMOTES_CERTIFICATE_KEY: key,
        PROMETRICA_REMOTES_ROOT: remotesRoot,
        PROMETRICA_LOG_DIR: dir,
      }),
    );
    writeFileSync(join(dir, 'nginx.conf'), mainConfig(dir));
    let nginxOutput = '';
    const nginx = spawn(nginxPath, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = () => {
      const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
      return nginxOutput + log;
    };
    nginx.stdout?.on('data', (d) => (nginxOutput += String(d)));
    nginx.stderr?.on('data', (d) => (nginxOutput += String(d)));
    const nginxExited = new Promise<void>((done) => nginx.once('exit', () => done()));
    cleanup.push(async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        // Its master by PID: a fast shutdown, workers included.
        nginx.kill('SIGTERM');
        await nginxExited;
      }
    });
    await waitForTls(appPort, nginx, output);
    await waitForTls(remotesPort, nginx, output);

    return {
      appOrigin,
      remotesOrigin,
      httpOrigin: `http://127.0.0.1:${httpPort}`,
      remotesRoot,
      certificate: readFileSync(cert, 'utf8'),
      servers: [first, second],
      database,
      appLog: () => readLog(join(dir, 'prometrica-app.access.log')),
      remotesLog: () => readLog(join(dir, 'prometrica-remotes.access.log')),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The user agent of the test's own requests (the browser's requests are told apart by it). */
export const testClientAgent = 'prometrica-topology-test';

/**
 * One HTTPS request from the local address `from` (127.0.0.2, ...): a client other than the
 * browser, as the proxy sees it. The test certificate is trusted.
 */
export function requestFrom(
  from: string,
  url: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string>; ca: string },
): Promise<Reply> {
  return new Promise((done, fail) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      url,
      {
        method: options.method ?? 'GET',
        localAddress: from,
        ca: options.ca,
        agent: false,
        headers: {
          'user-agent': testClientAgent,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}
