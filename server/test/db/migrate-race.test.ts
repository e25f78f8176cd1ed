// Migrating must not fail because another database (a PostgreSQL schema, here) is dropped meanwhile:
// Kysely's own introspection, with which the migrator finds its tables, read every schema's catalog
// and failed on one dropped while it ran.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/db';
import { postgresUrl } from '../helpers/build';

const schemaName = () => `test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;

/** Creates and drops other schemas (each with a table) until stopped; SQLite: other data directories. */
function churn(): { stop(): Promise<number> } {
  let running = true;
  let cycles = 0;
  const done = (async () => {
    if (!postgresUrl) {
      while (running) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prometrica-churn-'));
        fs.rmSync(dir, { recursive: true, force: true });
        cycles += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
      return;
    }
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      while (running) {
        const name = schemaName();
        await client.query(`create schema "${name}"`);
        await client.query(`create table "${name}".t (id integer)`);
        await client.query(`drop schema "${name}" cascade`);
        cycles += 1;
      }
    } finally {
      await client.end();
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return cycles;
    },
  };
}

test('databases migrate while others are created and dropped beside them', async () => {
  const others = churn();
  // Listed before opening, so that a failed open is cleaned up too.
  const opened: Array<{ close?: () => Promise<void>; schema?: string; dir: string }> = [];
  try {
    for (let i = 0; i < 8; i++) {
      const database: (typeof opened)[number] = { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'prometrica-migrate-')) };
      if (postgresUrl) database.schema = schemaName();
      opened.push(database);
      const handle = await openDatabase(
        { dataDir: database.dir, databaseUrl: postgresUrl ?? null },
        database.schema ? { schema: database.schema } : {},
      );
      database.close = handle.close;
      expect(handle.applied).toContain('0005-result-documents');
    }
  } finally {
    expect(await others.stop()).toBeGreaterThan(0);
    for (const { close, schema, dir } of opened) {
      await close?.();
      fs.rmSync(dir, { recursive: true, force: true });
      if (schema && postgresUrl) {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`).finally(() => client.end());
      }
    }
  }
});
