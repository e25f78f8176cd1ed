import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { setPhoneRegion } from '@prometrica/shared-api/phone';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseHandle, type Dialect } from './db';
import { InFlight } from './lib/in-flight';
import { createMailer, type Mailer } from './lib/mail';
import { hashingQueue, setPasswordHashCost } from './lib/password';
import { capConnectionsPerAddress, timeoutOptions, trustedProxy } from './lib/connection-limits';
import { loggerOptions } from './lib/logger';
import { createTokenService } from './lib/tokens';
import { apiRoutes } from './modules';
import { runtimeConfigRoutes } from './modules/runtime-config/routes';
import { addressKey, createRateLimiter, type RateLimiter } from './modules/rate-limits/service';
import { resolveJwtSecret } from './modules/settings/service';
import { participantExists } from './modules/participants/repository';
import { deriveSecondFactorKeys } from './modules/second-factor/service';
import { createSessionCheck } from './modules/sessions/service';
import { toRecord as userRecordOf } from './modules/users/repository';
import { toAccount } from './modules/users/service';
import { authPlugin } from './plugins/auth';
import { createFrameworkErrorHandler, errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { requestIdGenerator, requestIdPlugin } from './plugins/request-id';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { createStaticFallback, staticAreas, staticPlugin } from './plugins/static';
import { seedDatabase } from './seed';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    /** The query builder; repositories take it (or a transaction) as their first argument. */
    db: Kysely<Database>;
    dialect: Dialect;
    /** The sign-in and details rate limits (counted in the database, shared by every process). */
    rateLimiter: RateLimiter;
    /** The API handlers still running; the database closes after them. */
    inFlight: InFlight;
    /** Outgoing mail; `configured` is false without `SMTP_URL`. */
    mailer: Mailer;
  }
}

/**
 * How long closing waits for the API handlers still running before it closes the database anyway
 * (their clients may be gone: the HTTP server stops waiting when the last connection ends).
 */
export const handlersDrainMs = 10_000;

/** Largest request body accepted (JSON); larger ones get 413. */
export const bodyLimitBytes = 1024 * 1024;
/** Longest path parameter the router accepts; longer ones are a 404 before any schema sees them. */
export const maxParamLengthChars = 16 * 1024;

export interface BuildAppOptions {
  /**
   * Fastify logger settings; defaults to `config.logLevel` with credentials redacted, readable
   * lines on a terminal and JSON otherwise (`loggerOptions`).
   */
  logger?: FastifyServerOptions['logger'];
  /** PostgreSQL only: keep this app's tables in their own schema (tests isolate themselves this way). */
  schema?: string;
  /** Where the first-start superadmin password notice goes; the console by default. */
  announce?: (text: string) => void;
  /** The clock of the rate limits, in milliseconds; tests move it past a window. */
  now?: () => number;
}

/**
 * Builds the whole application on an open, migrated and seeded database. The database closes
 * with the app (`app.close()`). Nothing listens yet: `server.ts` does that, tests use `inject`.
 */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    // Each request's id: a trusted proxy's X-Request-Id when well-formed, else one of our own.
    requestIdHeader: false,
    genReqId: requestIdGenerator(trustedProxy(config.trustProxy)),
    bodyLimit: bodyLimitBytes,
    // Slow clients are cut off: headers, the whole request and idle kept-alive connections time out.
    ...timeoutOptions(config.connections),
    // The client address the rate limits count comes from X-Forwarded-For only behind a trusted proxy.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Long ids must reach the schema (a 400 naming `id`) instead of silently matching no route.
    routerOptions: { maxParamLength: maxParamLengthChars },
    frameworkErrors: createFrameworkErrorHandler(securityHeaders(config)),
  });

  // Numbers typed without a country code are read in this region, from the migrations on.
  setPhoneRegion(config.phoneRegion);
  // The process's bound on password hashing (one queue: the thread pool it guards is the process's).
  hashingQueue.configure(config.passwordHashing);
  setPasswordHashCost(config.passwordHashCost);
  // One client address cannot hold more than its share of connections (behind a trusted proxy, the
  // proxy's are not capped: it caps its clients').
  capConnectionsPerAddress(app.server, config.connections.perAddress, addressKey, trustedProxy(config.trustProxy));
  let database: DatabaseHandle | undefined;
  const mailer = createMailer(config, {
    onTransportError: (error) => app.log.error({ err: error }, 'outgoing mail transport failed'),
  });
  try {
    database = await openDatabase(config, {
      ...(options.schema ? { schema: options.schema } : {}),
      onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
      onCheckpointError: (message) => app.log.warn({ reason: message }, 'SQLite checkpoint failed'),
    });
    if (database.applied.length > 0) app.log.info({ migrations: database.applied }, 'database migrated');
    const { db, dialect } = database;
    const inFlight = new InFlight();
    app.addHook('onClose', async () => {
      if (!(await inFlight.settled(handlersDrainMs))) {
        app.log.warn(
          { running: inFlight.size },
          `closing the database with API handlers still running after ${handlersDrainMs} ms`,
        );
      }
      await Promise.all([mailer.close(), database?.close()]);
    });
    app.decorate('inFlight', inFlight);
    app.decorate('config', config);
    app.decorate('mailer', mailer);
    app.decorate('db', db);
    app.decorate('dialect', dialect);
    app.decorate('rateLimiter', createRateLimiter(db, options.now));

    const seeded = await seedDatabase(db, config, options.announce ?? ((text) => console.log(text)));
    if (seeded.superadmin === 'created-with-configured-password') {
      app.log.info({ email: config.adminEmail }, 'created the superadmin from ADMIN_EMAIL and ADMIN_PASSWORD');
    }

    const secret = await resolveJwtSecret({ configured: config.jwtSecret, dialect, db, dataDir: config.dataDir });
    app.decorate('secondFactorKeys', deriveSecondFactorKeys(secret));
    const areas = staticAreas(config);
    const checkSession = createSessionCheck(db);

    // The API speaks JSON only: without a text/plain parser other bodies get a clear 415.
    app.removeContentTypeParser('text/plain');
    await app.register(requestIdPlugin);
    // Before every route: it gives each one its own response hook.
    await app.register(metricsPlugin, { db, token: config.metricsToken });
    await app.register(securityHeadersPlugin, { config });
    await app.register(errorsPlugin, { fallback: createStaticFallback(areas) });
    await app.register(authPlugin, {
      tokens: createTokenService(secret),
      loadAccount: async (id, sessionId) => {
        const state = await checkSession(id, sessionId);
        if (!state) return undefined;
        return state.open ? { account: toAccount(userRecordOf(state.user)), enrolOnly: state.enrolOnly } : 'ended';
      },
      participantExists: (id) => participantExists(db, id),
    });
    await app.register(runtimeConfigRoutes);
    await app.register(apiRoutes, { prefix: '/api' });
    await app.register(staticPlugin, { areas });
    return app;
  } catch (error) {
    await Promise.all([mailer.close(), database?.close()]);
    await app.close().catch(() => {});
    throw error;
  }
}
