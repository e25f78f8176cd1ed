// SQLite's write thread: transactions written beside the event loop on a connection of its own.
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { openDatabase } from '../../src/db';
import { sqliteWriteThread } from '../../src/db/sqlite/sqlite';
import type { SqliteWriteThread } from '../../src/db/sqlite/write-thread';
import { executeInOrder } from '../../src/db/statements/execute';
import { closeTestSqlite, openTestSqlite, type TestSqlite } from '../helpers/sqlite';

let sqlite: TestSqlite;
let thread: SqliteWriteThread;

beforeAll(async () => {
  sqlite = await openTestSqlite();
  thread = sqliteWriteThread(sqlite.handle.db)!;
  await sql`create table notes (id integer primary key, body text not null unique)`.execute(sqlite.handle.db);
});
afterAll(() => closeTestSqlite(sqlite));

const insert = (body: string) => CompiledQuery.raw('insert into notes (body) values (?) returning id, body', [body]);
const bodies = async () =>
  (await sql<{ body: string }>`select body from notes order by id`.execute(sqlite.handle.db)).rows.map(
    (row) => row.body,
  );

beforeEach(async () => {
  await sql`delete from notes`.execute(sqlite.handle.db);
});

test('a transaction gives each statement’s rows in order, and the app’s connection reads what it committed', async () => {
  const rows = await thread.transaction([
    insert('first'),
    CompiledQuery.raw('update notes set body = ? where body = ?', ['renamed', 'nothing']),
    insert('second'),
  ]);
  expect(rows).toEqual([[{ id: expect.any(Number), body: 'first' }], [], [{ id: expect.any(Number), body: 'second' }]]);
  expect(await bodies()).toEqual(['first', 'second']);
});

test('a statement with a condition runs only when the rows of the statement it names hold it, on the thread and on the connection alike', async () => {
  const upsert = CompiledQuery.raw(
    `insert into notes (body) values ('one'), ('two') on conflict (body) do nothing returning id`,
  );
  const ifBoth = {
    ...CompiledQuery.raw('insert into notes (body) values (?)', ['both new']),
    when: { rowsOf: 0, compare: 'equal', count: 2 },
  } as const;
  const ifFewer = {
    ...CompiledQuery.raw('insert into notes (body) values (?)', ['not both']),
    when: { rowsOf: 0, compare: 'fewer', count: 2 },
  } as const;
  // Both rows new: the first runs, the second does not (and gives no rows).
  expect(await thread.transaction([upsert, ifBoth, ifFewer])).toEqual([
    [{ id: expect.any(Number) }, { id: expect.any(Number) }],
    [],
    [],
  ]);
  expect(await bodies()).toEqual(['one', 'two', 'both new']);
  // Both there already: the other way round.
  await thread.transaction([upsert, ifBoth, ifFewer]);
  expect(await bodies()).toEqual(['one', 'two', 'both new', 'not both']);
  // The same on the app's connection (`executeInOrder`).
  await sql`delete from notes`.execute(sqlite.handle.db);
  await executeInOrder(sqlite.handle.db, [upsert, ifBoth, ifFewer]);
  await executeInOrder(sqlite.handle.db, [upsert, ifBoth, ifFewer]);
  expect(await bodies()).toEqual(['one', 'two', 'both new', 'not both']);
});

test('a transaction alone that fails keeps nothing, and the thread goes on with the next', async () => {
  await expect(
    thread.transaction([insert('first of a failing one'), insert('first of a failing one')]),
  ).rejects.toMatchObject({
    code: 'SQLITE_CONSTRAINT_UNIQUE',
  });
  expect(await bodies()).toEqual([]);
  await thread.transaction([insert('after it')]);
  expect(await bodies()).toEqual(['after it']);
});

test('transactions sent together share a commit; one that fails is undone alone, with SQLite’s error', async () => {
  const long = 'x€'.repeat(10_000); // a long text, not all of it Latin-1
  const outcomes = await Promise.allSettled([
    thread.transaction([insert('kept 1')]),
    thread.transaction([insert('undone'), insert('kept 1')]),
    thread.transaction([insert(long)]),
  ]);
  expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  const failure = (outcomes[1] as PromiseRejectedResult).reason as { code?: string; message: string };
  expect(failure.code).toBe('SQLITE_CONSTRAINT_UNIQUE');
  expect(failure.message).toMatch(/UNIQUE constraint failed: notes.body/);
  expect(await bodies()).toEqual(['kept 1', long]);
});

test('a transaction on the app’s connection that reads, then writes, still commits when the thread wrote in between', async () => {
  // It holds the write lock from its start: the thread's transaction waits for it, then commits.
  let threadWrite: Promise<unknown> | undefined;
  await sqlite.handle.db.transaction().execute(async (trx) => {
    expect(await sql`select count(*) as n from notes`.execute(trx)).toMatchObject({ rows: [{ n: 0 }] });
    threadWrite = thread.transaction([insert('from the thread')]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await trx.executeQuery(insert('from the app'));
  });
  await threadWrite;
  expect(await bodies()).toEqual(['from the app', 'from the thread']);
});

test('closing lets the transactions already sent finish; later ones are refused', async () => {
  const dataDir = path.join(sqlite.environment.config.dataDir, 'closing');
  const other = await openDatabase({ dataDir, databaseUrl: null });
  await sql`create table notes (id integer primary key, body text not null unique)`.execute(other.db);
  const closing = sqliteWriteThread(other.db)!;
  const sent = closing.transaction([insert('sent before closing')]);
  await other.close();
  await expect(sent).resolves.toEqual([[{ id: 1, body: 'sent before closing' }]]);
  await expect(closing.transaction([insert('too late')])).rejects.toThrow('The database is closed');

  const reopened = await openDatabase({ dataDir, databaseUrl: null });
  try {
    expect((await sql<{ body: string }>`select body from notes`.execute(reopened.db)).rows).toEqual([
      { body: 'sent before closing' },
    ]);
  } finally {
    await reopened.close();
  }
});
