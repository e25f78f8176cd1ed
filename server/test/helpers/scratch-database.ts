/**
 * A PostgreSQL database of its own for one run of servers started as processes (the server has no
 * schema setting, so each run gets a database): the reliability tests and the end-to-end topology
 * test. Node's modules and pg only, so any test runner can load it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** Runs `work` on one connection to `url`, then closes it. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
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
    drop: () =>
      withClient(baseUrl, (client) => client.query(`drop database if exists "${name}" with (force)`)).then(() => {}),
  };
}
