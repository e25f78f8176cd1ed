import net from 'node:net';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { migrations } from '../../src/db/migrations';
import { sqliteFileName } from '../../src/db/sqlite/sqlite';
import { readyTimeoutMs } from '../../src/modules/health/service';
import { appForTests, build, createTestEnvironment, expectedDialect, postgresUrl } from '../helpers/build';

const latestMigration = Object.keys(migrations).at(-1)!;

describe('GET /api/health', () => {
  const subject = appForTests();

  it('answers ok and names the database engine in use', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: expectedDialect });
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = await build();
    try {
      await broken.app.db.destroy();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'Database unavailable' });
    } finally {
      await broken.close();
    }
  });
});

const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url });

describe('GET /api/health/live and /api/health/ready', () => {
  const subject = appForTests();

  it('live answers ok; ready answers ok with the engine and the last migration', async () => {
    const live = await get(subject.app, '/api/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await get(subject.app, '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: expectedDialect, migration: latestMigration });
  });

  it('ready answers 503 naming a pending migration, and ok again once it is applied', async () => {
    const { db } = subject.app;
    const {
      rows: [row],
    } = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration where name = ${latestMigration}`.execute(db);
    await sql`delete from kysely_migration where name = ${latestMigration}`.execute(db);
    try {
      const ready = await get(subject.app, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: `Database migrations pending: ${latestMigration}` });
      expect((await get(subject.app, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row!.name}, ${row!.timestamp})`.execute(db);
    }
    expect((await get(subject.app, '/api/health/ready')).statusCode).toBe(200);
  });

  it('ready answers 503 when a newer version migrated the database', async () => {
    const { db } = subject.app;
    const newer = '9999-from-a-newer-version';
    await sql`insert into kysely_migration (name, timestamp) values (${newer}, ${new Date().toISOString()})`.execute(
      db,
    );
    try {
      const ready = await get(subject.app, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        message: `The database has migrations this server does not know (a newer version migrated it): ${newer}`,
      });
    } finally {
      await sql`delete from kysely_migration where name = ${newer}`.execute(db);
    }
    expect((await get(subject.app, '/api/health/ready')).statusCode).toBe(200);
  });

  it('ready answers 503 once the database is closed; live still answers', async () => {
    const broken = await build();
    try {
      await broken.app.db.destroy();
      const ready = await get(broken.app, '/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Database unavailable' });
      expect((await get(broken.app, '/api/health/live')).statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});

/**
 * A TCP relay to PostgreSQL that the test cuts (closing every connection through it and refusing
 * new ones) and restores on the same port, or stalls (holding every byte, as a network that drops
 * packets does) and resumes: the database "goes away" without touching the machine's PostgreSQL.
 */
async function startRelay(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const held: Array<() => void> = [];
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (stalled) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    forward(client, upstream);
    forward(upstream, client);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
      socket.on('error', () => other.destroy());
    }
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    async cut() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const write of held.splice(0)) write();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Asks `url` until it answers `status` (at most `ms`); returns the last answer. */
async function until(app: FastifyInstance, url: string, status: number, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await get(app, url);
    if (response.statusCode === status || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const unreachable = postgresUrl
  ? 'PostgreSQL behind a TCP relay that is cut, then stalled'
  : "SQLite's write lock held by another connection (the write thread cannot commit)";

describe(`readiness while the database cannot be reached (${unreachable})`, () => {
  it('ready fails while it cannot, and recovers when it can again; live answers throughout', async () => {
    if (postgresUrl) {
      const target = new URL(postgresUrl);
      const relay = await startRelay({ host: target.hostname, port: Number(target.port || 5432) });
      const through = new URL(postgresUrl);
      through.hostname = '127.0.0.1';
      through.port = String(relay.port);
      const environment = await createTestEnvironment({ DATABASE_URL: through.toString() });
      try {
        const app = await environment.build();
        expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
        await relay.cut();
        const down = await get(app, '/api/health/ready');
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ message: 'Database unavailable' });
        expect((await get(app, '/api/health/live')).json()).toEqual({ status: 'ok' });
        await relay.restore();
        const back = await until(app, '/api/health/ready', 200, 10_000);
        expect(back.json()).toEqual({ status: 'ok', database: 'postgres', migration: latestMigration });
        expect((await get(app, '/api/health/live')).statusCode).toBe(200);

        // A network that drops packets: nothing is refused, nothing answers.
        relay.stall();
        const started = Date.now();
        const hung = await get(app, '/api/health/ready');
        expect(hung.statusCode).toBe(503);
        expect(hung.json()).toEqual({ message: `Database did not answer within ${readyTimeoutMs} ms` });
        expect(Date.now() - started).toBeGreaterThanOrEqual(readyTimeoutMs - 50);
        expect((await get(app, '/api/health/live')).json()).toEqual({ status: 'ok' });
        relay.resume();
        expect((await until(app, '/api/health/ready', 200, 10_000)).statusCode).toBe(200);
      } finally {
        relay.resume();
        await relay.restore().catch(() => {});
        await environment.cleanup();
        await relay.close();
      }
      return;
    }
    const environment = await createTestEnvironment();
    try {
      const app = await environment.build();
      expect((await get(app, '/api/health/ready')).statusCode).toBe(200);
      const holder = new SqliteDatabase(path.join(environment.config.dataDir, sqliteFileName), { timeout: 0 });
      try {
        holder.exec('begin immediate');
        const started = Date.now();
        const down = await get(app, '/api/health/ready');
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({ message: `Database did not answer within ${readyTimeoutMs} ms` });
        expect(Date.now() - started).toBeGreaterThanOrEqual(readyTimeoutMs - 50);
        expect((await get(app, '/api/health/live')).json()).toEqual({ status: 'ok' });
        holder.exec('commit');
      } finally {
        holder.close();
      }
      const back = await until(app, '/api/health/ready', 200, 10_000);
      expect(back.json()).toEqual({ status: 'ok', database: 'sqlite', migration: latestMigration });
    } finally {
      await environment.cleanup();
    }
  }, 30_000);
});
