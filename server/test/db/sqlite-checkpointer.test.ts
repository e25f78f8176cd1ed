// SQLite's checkpoints: run by a thread of their own after commits, never inside a commit.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { sqliteCheckpointer, sqliteFileName, sqliteWriteThread } from '../../src/db/sqlite/sqlite';
import type { SqliteCheckpointer } from '../../src/db/sqlite/checkpointer';
import { closeTestSqlite, openTestSqlite, type TestSqlite } from '../helpers/sqlite';

let sqlite: TestSqlite;
let checkpointer: SqliteCheckpointer;
let file: string;

beforeAll(async () => {
  sqlite = await openTestSqlite();
  checkpointer = sqliteCheckpointer(sqlite.handle.db)!;
  file = path.join(sqlite.environment.config.dataDir, sqliteFileName);
  await sql`create table notes (id integer primary key, body text not null)`.execute(sqlite.handle.db);
  await checkpointer.idle();
});
afterAll(() => closeTestSqlite(sqlite));

const body = (i: number) => `${i} `.padEnd(2000, 'x');
const databaseFileBytes = () => statSync(file).size;

test('a commit leaves the WAL to the checkpointer, which copies it into the database file', async () => {
  const before = databaseFileBytes();
  // On the app's connection: a transaction of many rows...
  await sqlite.handle.db.transaction().execute(async (trx) => {
    for (let i = 0; i < 200; i++) await sql`insert into notes (body) values (${body(i)})`.execute(trx);
  });
  await checkpointer.idle();
  const afterMany = checkpointer.last!;
  expect(afterMany.pages).toBeGreaterThan(100);
  expect(afterMany.copied).toBe(afterMany.pages);
  expect(databaseFileBytes()).toBeGreaterThan(before + 150 * 2000);
  // ...then a statement on its own, checkpointed too. (Awaited apart: a checkpoint that copied the
  // whole WAL before this statement began lets it write the WAL from its beginning, so the report
  // after both would count only its few pages.)
  await sql`insert into notes (body) values (${body(200)})`.execute(sqlite.handle.db);
  await checkpointer.idle();
  expect(checkpointer.last).not.toBe(afterMany);
  expect(checkpointer.last!.pages).toBeGreaterThan(0);
  expect(checkpointer.last!.copied).toBe(checkpointer.last!.pages);
});

test('the write thread’s commits are checkpointed too, and the WAL then starts again from its beginning', async () => {
  const thread = sqliteWriteThread(sqlite.handle.db)!;
  const before = databaseFileBytes();
  const rows = Array.from({ length: 300 }, (_, i) =>
    CompiledQuery.raw('insert into notes (body) values (?)', [body(1000 + i)]),
  );
  await thread.transaction(rows);
  await checkpointer.idle();
  const afterMany = checkpointer.last!;
  expect(afterMany.copied).toBe(afterMany.pages);
  expect(databaseFileBytes()).toBeGreaterThan(before + 250 * 2000);

  // Everything was copied: the next commit writes the WAL from its beginning, not after those pages.
  await thread.transaction([CompiledQuery.raw('insert into notes (body) values (?)', ['one more'])]);
  await checkpointer.idle();
  expect(checkpointer.last!.pages).toBeLessThan(10);
  expect((await sql<{ n: number }>`select count(*) as n from notes`.execute(sqlite.handle.db)).rows[0]!.n).toBe(502);
});

test('a checkpointer that has run keeps no process alive, even when its database was never closed', async () => {
  // The thread is unreferenced only after its listeners are added: a listener added later
  // references it again, and this script then never ended.
  const script = `
    const { sql } = require('kysely');
    const { openSqlite, sqliteCheckpointer } = require(${JSON.stringify(path.join(__dirname, '../../src/db/sqlite/sqlite.ts'))});
    const { db, release } = openSqlite(process.argv[1]);
    sql\`create table if not exists notes (body text)\`.execute(db)
      .then(() => sql\`insert into notes values ('one')\`.execute(db))
      // A timer keeps the script alive until the checkpoint has run: the thread never does.
      .then(() => { const alive = setInterval(() => {}, 1000); return sqliteCheckpointer(db).idle().finally(() => clearInterval(alive)); })
      .then(() => { release(); console.log('checkpointed', JSON.stringify(sqliteCheckpointer(db).last)); });
  `;
  // An evaluated script resolves its packages from its working directory: the server package's.
  const serverDir = path.join(__dirname, '../..');
  const loader = path.join(serverDir, 'node_modules/tsx/dist/loader.mjs');
  const child = spawn(
    process.execPath,
    ['--import', loader, '-e', script, path.join(sqlite.environment.config.dataDir, 'left-open')],
    {
      cwd: serverDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = await new Promise<number | null | 'still running'>((resolve) => {
    const timer = setTimeout(() => resolve('still running'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  if (exited === 'still running') child.kill('SIGKILL');
  expect({ exited, output }).toEqual({
    exited: 0,
    output: expect.stringMatching(/checkpointed \{"pages":\d+,"copied":\d+\}/),
  });
});
