import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { signedIn } from './api';

/** log2 of scrypt's N for the tests' password hashes (the server's default is 17). */
export const testPasswordHashCost = 10;

/** The PostgreSQL server to test against, when the suite runs in PostgreSQL mode. */
export const postgresUrl = process.env.DATABASE_URL || undefined;
export const expectedDialect = postgresUrl ? 'postgres' : 'sqlite';

export type EnvOverrides = Record<string, string | undefined>;

/** A fresh database (SQLite in a temp dir, or a fresh PostgreSQL schema) that apps can be opened on. */
export interface TestEnvironment {
  config: Config;
  /** The PostgreSQL schema, when in PostgreSQL mode. */
  schema: string | undefined;
  /** Scratch directory, removed by `cleanup()`; also the parent of the data directory. */
  dir: string;
  /** What the server announced on the console (the generated superadmin password notice). */
  announcements: string[];
  /** Opens an app on this database (optionally with other settings); call again after `close()` to reopen it. */
  build(overrides?: Partial<Config>, options?: Pick<BuildAppOptions, 'now'>): Promise<FastifyInstance>;
  /** Closes every app still open, drops the schema and removes the temp dir. */
  cleanup(): Promise<void>;
}

/**
 * Creates an isolated environment. Front-end builds point at folders that do not exist unless
 * `env` says otherwise, so tests never depend on what was last built in the repository.
 */
export async function createTestEnvironment(env: EnvOverrides = {}): Promise<TestEnvironment> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prometrica-test-'));
  const config = loadConfig(
    {
      DATA_DIR: path.join(dir, 'data'),
      DATABASE_URL: postgresUrl,
      LOG_LEVEL: 'silent',
      SHELL_DIST: path.join(dir, 'missing-shell-dist'),
      PARTICIPANT_DIST: path.join(dir, 'missing-participant-dist'),
      ADMIN_DIST: path.join(dir, 'missing-admin-dist'),
      // Cheap password hashes (N=2^10): the suite makes many accounts. The default, N=2^17, has a test of its own.
      PASSWORD_HASH_COST: String(testPasswordHashCost),
      ...env,
    },
    dir,
  );
  const schema = config.databaseUrl ? `test_${randomUUID().replace(/-/g, '').slice(0, 20)}` : undefined;
  const announcements: string[] = [];
  const open = new Set<FastifyInstance>();

  return {
    config,
    schema,
    dir,
    announcements,
    async build(overrides = {}, options = {}) {
      const app = await buildApp(
        { ...config, ...overrides },
        {
          ...options,
          logger: false,
          ...(schema ? { schema } : {}),
          announce: (text) => announcements.push(text),
        },
      );
      open.add(app);
      app.addHook('onClose', async () => {
        open.delete(app);
      });
      return app;
    },
    async cleanup() {
      await Promise.all([...open].map((app) => app.close()));
      if (schema && config.databaseUrl) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        try {
          await client.query(`drop schema if exists "${schema}" cascade`);
        } finally {
          await client.end();
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An app on its own fresh database; `close()` closes it and deletes the database. */
export interface TestApp {
  app: FastifyInstance;
  environment: TestEnvironment;
  close(): Promise<void>;
}

/** Builds an app on a fresh database (the `build()` of fastify/demo). */
export async function build(env: EnvOverrides = {}): Promise<TestApp> {
  const environment = await createTestEnvironment(env);
  try {
    const app = await environment.build();
    return { app, environment, close: () => environment.cleanup() };
  } catch (error) {
    await environment.cleanup();
    throw error;
  }
}

/**
 * The app of a test file (or of the describe block it is called in): built on a fresh database
 * before the first test, closed after the last; with `signIn`, an account of that role signs in
 * first and `token` is its access token. Read the fields inside the tests.
 */
export function appForTests(options: { env?: EnvOverrides; signIn?: 'user' | 'admin' | 'superadmin' } = {}) {
  let subject: TestApp | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    subject = await build(options.env);
    if (options.signIn) token = (await signedIn(subject.app, options.signIn)).token;
  });
  afterAll(() => subject?.close());
  const built = () => {
    if (!subject) throw new Error('the app is built before the first test: read it inside a test or a hook');
    return subject;
  };
  return {
    get app(): FastifyInstance {
      return built().app;
    },
    get environment(): TestEnvironment {
      return built().environment;
    },
    get token(): string {
      if (token === undefined) throw new Error('appForTests({ signIn }) signs an account in; this one has none');
      return token;
    },
  };
}

/** A 32+ character secret for tests that craft their own tokens. */
export const testJwtSecret = 'test-secret-for-prometrica-server-tests-0123456789';
