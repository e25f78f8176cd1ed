import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { ConnectionLimits } from './lib/connection-limits';
import {
  defaultHashingLimits,
  defaultPasswordHashCost,
  passwordHashCostRange,
  type HashingLimits,
} from './lib/password';
import { newPasswordProblem } from './lib/password-policy';
import { superadminName } from './seed/superadmin';
import { defaultPhoneRegion, isPhoneRegion, type PhoneRegion } from '@prometrica/shared-api/phone';

/** Where the repository root is, so the default dist folders work from any working directory. */
const repositoryRoot = path.resolve(__dirname, '..', '..');

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const defaultAdminEmail = 'admin@prometrica.local';
export const defaultMailFrom = 'Prometrica <no-reply@prometrica.local>';
/**
 * Answer saves per client address and minute: a participant saves one per question, a few a
 * minute; 1200 leaves room for a class of 100 behind one address answering every few seconds.
 */
export const defaultAnswerSavesPerMinute = 1200;
/**
 * Slow clients (seconds, and connections): headers arrive in a fraction of a second, and the
 * largest body (a 1 MB invitation import) in a few seconds on a slow line; browsers reuse an idle
 * connection within a few seconds or not at all; a browser opens at most six connections to a
 * server, so 512 leave room for a class of about a hundred opening the app at once behind one address.
 */
export const defaultConnectionSettings = {
  headersTimeoutSeconds: 10,
  requestTimeoutSeconds: 30,
  keepAliveTimeoutSeconds: 5,
  perAddress: 512,
} as const;
export const defaultRemoteUrls = {
  participant: '/remotes/participant/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
} as const;

/** The validated configuration of one server process. */
export interface Config {
  port: number;
  host: string;
  /** Absolute path of the SQLite data directory (also holds the generated JWT secret). */
  dataDir: string;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl: string | null;
  jwtSecret: string | null;
  adminEmail: string;
  adminPassword: string | null;
  /** Manifest URLs the shell loads the remotes from (`/config.json`). */
  remotes: { participant: string; admin: string };
  logLevel: LogLevel;
  /**
   * Which proxies' `X-Forwarded-For` names the client (Fastify's `trustProxy`): false (the default)
   * uses the connection's address, a number trusts that many hops, a list trusts those addresses.
   */
  trustProxy: boolean | number | string[];
  /** Browsers reach the server over HTTPS (a proxy ends TLS in front): send `Strict-Transport-Security`. */
  behindHttps: boolean;
  /** Password hashes running at once in this process, and how many more may wait (beyond them: 503). */
  passwordHashing: HashingLimits;
  /** The cost of new password hashes, log2 of scrypt's N (17: N=2^17, OWASP's recommendation). */
  passwordHashCost: number;
  /** Timeouts for slow clients and the cap on connections per client address (trusted proxies exempt). */
  connections: ConnectionLimits;
  /** Absolute paths of the three front-end builds. */
  dist: { shell: string; participant: string; admin: string };
  /** Outgoing mail: no `smtpUrl` means none is sent (the admin copies links instead). */
  mail: { smtpUrl: string | null; from: string };
  /**
   * The address participants reach the app at (`https://assess.example.com`, no trailing slash):
   * invitation links are built on it. Null: on the address the admin's request came to.
   */
  publicUrl: string | null;
  /** Answer saves accepted per client address and minute (`POST user/answer`), counted in memory. */
  answerSavesPerMinute: number;
  /** The region phone numbers typed without `+` and a country code are read in (`PK`). */
  phoneRegion: PhoneRegion;
  /** The Bearer token a Prometheus scrape of `/metrics` must send; null: no metrics are served. */
  metricsToken: string | null;
}

/** The environment was invalid; `issues` lists every bad variable. */
export class ConfigError extends Error {
  readonly issues: ReadonlyArray<{ key: string; message: string }>;

  constructor(issues: ReadonlyArray<{ key: string; message: string }>) {
    super(
      ['Invalid environment configuration:', ...issues.map((issue) => `  - ${issue.key}: ${issue.message}`)].join('\n'),
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

// Empty variables (`JWT_SECRET=` in a compose file) mean "not set", not "set to nothing".
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

const remoteUrl = z
  .string()
  .refine(
    (value) => (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/[^/]/i.test(value),
    'must be an http(s) URL or an absolute path starting with /',
  )
  .refine((value) => !/\s/.test(value), 'must not contain spaces');

const smtpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be an SMTP URL such as smtp://user:password@host:587 or smtps://user:password@host:465');

// `Name <address>` or a bare address; a line break would let the value write mail headers of its own.
const mailFrom = z.string().refine((value) => {
  const address = /^[^<>]*<([^<>]+)>$/.exec(value.trim())?.[1] ?? value;
  return !/[\r\n]/.test(value) && z.email().safeParse(address.trim()).success;
}, 'must be an email address, optionally with a name: Prometrica <no-reply@example.com>');

// Links in mail must open the app from anywhere: an http(s) origin, maybe with a path the app is
// served under, never a query or fragment (the link's own path follows it).
const publicUrl = z
  .string()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.hostname !== '' &&
        url.username === '' &&
        url.password === '' &&
        url.search === '' &&
        url.hash === ''
      );
    } catch {
      return false;
    }
  }, 'must be the http(s) address participants open the app at, such as https://assess.example.com')
  .transform((value) => {
    const url = new URL(value);
    return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  });

const proxyKeywords = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range or one of proxy-addr's names for a range. */
function isProxyAddress(entry: string): boolean {
  if (proxyKeywords.has(entry)) return true;
  const [address = '', bits, extra] = entry.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries;
  ctx.addIssue({
    code: 'custom',
    message:
      'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges (loopback, linklocal, uniquelocal)',
  });
  return z.NEVER;
});

const flag = z.string().transform((value, ctx): boolean => {
  const text = value.trim().toLowerCase();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  ctx.addIssue({ code: 'custom', message: 'must be true or false' });
  return z.NEVER;
});

/** A whole number of at least `min`, from its text. */
const wholeNumber = (min: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `must be a whole number of at least ${min}`)
    .transform(Number)
    .refine((value) => value >= min, `must be a whole number of at least ${min}`);

const passwordHashCostMessage =
  `must be a whole number from ${passwordHashCostRange.min} to ${passwordHashCostRange.max} ` +
  `(log2 of scrypt's N; ${defaultPasswordHashCost}, the default, is N=2^${defaultPasswordHashCost})`;

/**
 * Why ADMIN_PASSWORD, the superadmin's password on the first start, breaks the rules for a new
 * password (with ADMIN_EMAIL and the superadmin's name), or undefined.
 */
function adminPasswordProblem(password: string, email: string | undefined): string | undefined {
  const label = 'ADMIN_PASSWORD';
  const problem = newPasswordProblem(password, { email, name: superadminName }, label);
  return problem?.slice(label.length + 1);
}

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .regex(/^\d{1,5}$/, 'must be a whole number between 0 and 65535')
      .transform(Number)
      .refine((port) => port <= 65535, 'must be a whole number between 0 and 65535'),
  ),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.string().refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
      } catch {
        return false;
      }
    }, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database'),
  ),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
  ADMIN_EMAIL: optional(z.email('must be a valid email address')),
  // Held to the rules of a new password: here all but the email, which is checked below with ADMIN_EMAIL.
  ADMIN_PASSWORD: optional(
    z.string().superRefine((password, ctx) => {
      const problem = adminPasswordProblem(password, undefined);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  ),
  PARTICIPANT_REMOTE_URL: optional(remoteUrl),
  ADMIN_REMOTE_URL: optional(remoteUrl),
  LOG_LEVEL: optional(z.enum(logLevels, `must be one of ${logLevels.join(', ')}`)),
  TRUST_PROXY: optional(trustProxy),
  BEHIND_HTTPS: optional(flag),
  PASSWORD_HASHES_AT_ONCE: optional(wholeNumber(1)),
  PASSWORD_HASHES_WAITING: optional(wholeNumber(0)),
  PASSWORD_HASH_COST: optional(
    z
      .string()
      .regex(/^\d{1,2}$/, passwordHashCostMessage)
      .transform(Number)
      .refine(
        (cost) => cost >= passwordHashCostRange.min && cost <= passwordHashCostRange.max,
        passwordHashCostMessage,
      ),
  ),
  HEADERS_TIMEOUT_SECONDS: optional(wholeNumber(1)),
  REQUEST_TIMEOUT_SECONDS: optional(wholeNumber(1)),
  KEEP_ALIVE_TIMEOUT_SECONDS: optional(wholeNumber(1)),
  CONNECTIONS_PER_ADDRESS: optional(wholeNumber(0)),
  SHELL_DIST: optional(z.string()),
  PARTICIPANT_DIST: optional(z.string()),
  ADMIN_DIST: optional(z.string()),
  SMTP_URL: optional(smtpUrl),
  MAIL_FROM: optional(mailFrom),
  PUBLIC_URL: optional(publicUrl),
  PHONE_REGION: optional(
    z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .refine(isPhoneRegion, 'must be a two-letter country code whose numbers are known, such as PK or GB'),
  ),
  METRICS_TOKEN: optional(
    z
      .string()
      .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces (it is sent as a Bearer token)')
      .min(32, 'must be at least 32 characters long (openssl rand -hex 32 makes one)'),
  ),
  ANSWER_SAVES_PER_MINUTE: optional(
    z
      .string()
      .regex(/^\d{1,9}$/, 'must be a whole number of at least 1')
      .transform(Number)
      .refine((count) => count >= 1, 'must be a whole number of at least 1'),
  ),
});

/** Every environment variable the server reads (the README's configuration table lists each one). */
export const configVariables = Object.keys(envSchema.shape);

/** Validates the environment; throws one `ConfigError` naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined>, cwd = process.cwd()): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({ key: issue.path.map(String).join('.'), message: issue.message })),
    );
  }
  const values = result.data;
  const headersTimeoutSeconds = values.HEADERS_TIMEOUT_SECONDS ?? defaultConnectionSettings.headersTimeoutSeconds;
  const requestTimeoutSeconds = values.REQUEST_TIMEOUT_SECONDS ?? defaultConnectionSettings.requestTimeoutSeconds;
  if (requestTimeoutSeconds < headersTimeoutSeconds) {
    // A request's time includes its headers' (Node refuses a request timeout under the headers one).
    throw new ConfigError([
      {
        key: 'REQUEST_TIMEOUT_SECONDS',
        message: `must be at least HEADERS_TIMEOUT_SECONDS (${headersTimeoutSeconds})`,
      },
    ]);
  }
  const adminEmail = values.ADMIN_EMAIL ?? defaultAdminEmail;
  const adminPassword = values.ADMIN_PASSWORD ? adminPasswordProblem(values.ADMIN_PASSWORD, adminEmail) : undefined;
  if (adminPassword) throw new ConfigError([{ key: 'ADMIN_PASSWORD', message: adminPassword }]);
  return {
    port: values.PORT ?? 3000,
    host: values.HOST ?? '127.0.0.1',
    dataDir: path.resolve(cwd, values.DATA_DIR ?? './data'),
    databaseUrl: values.DATABASE_URL ?? null,
    jwtSecret: values.JWT_SECRET ?? null,
    adminEmail,
    adminPassword: values.ADMIN_PASSWORD ?? null,
    remotes: {
      participant: values.PARTICIPANT_REMOTE_URL ?? defaultRemoteUrls.participant,
      admin: values.ADMIN_REMOTE_URL ?? defaultRemoteUrls.admin,
    },
    logLevel: values.LOG_LEVEL ?? 'info',
    trustProxy: values.TRUST_PROXY ?? false,
    behindHttps: values.BEHIND_HTTPS ?? false,
    passwordHashing: {
      running: values.PASSWORD_HASHES_AT_ONCE ?? defaultHashingLimits.running,
      waiting: values.PASSWORD_HASHES_WAITING ?? defaultHashingLimits.waiting,
    },
    passwordHashCost: values.PASSWORD_HASH_COST ?? defaultPasswordHashCost,
    connections: {
      headersTimeoutMs: headersTimeoutSeconds * 1000,
      requestTimeoutMs: requestTimeoutSeconds * 1000,
      keepAliveTimeoutMs:
        (values.KEEP_ALIVE_TIMEOUT_SECONDS ?? defaultConnectionSettings.keepAliveTimeoutSeconds) * 1000,
      perAddress: values.CONNECTIONS_PER_ADDRESS ?? defaultConnectionSettings.perAddress,
    },
    dist: {
      shell: path.resolve(cwd, values.SHELL_DIST ?? path.join(repositoryRoot, 'shell', 'dist')),
      participant: path.resolve(cwd, values.PARTICIPANT_DIST ?? path.join(repositoryRoot, 'participant-app', 'dist')),
      admin: path.resolve(cwd, values.ADMIN_DIST ?? path.join(repositoryRoot, 'admin-app', 'dist')),
    },
    mail: { smtpUrl: values.SMTP_URL ?? null, from: values.MAIL_FROM?.trim() ?? defaultMailFrom },
    publicUrl: values.PUBLIC_URL ?? null,
    answerSavesPerMinute: values.ANSWER_SAVES_PER_MINUTE ?? defaultAnswerSavesPerMinute,
    phoneRegion: (values.PHONE_REGION as PhoneRegion | undefined) ?? defaultPhoneRegion,
    metricsToken: values.METRICS_TOKEN ?? null,
  };
}
