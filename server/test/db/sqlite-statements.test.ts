import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { PreparedStatements } from '../../src/db/sqlite/prepared-statements';

interface Tables {
  notes: { id: number; body: string };
}

describe('PreparedStatements', () => {
  let statements: PreparedStatements;
  let db: Kysely<Tables>;
  let prepared: string[];

  beforeEach(async () => {
    const connection = new SqliteDatabase(':memory:');
    prepared = [];
    const prepare = connection.prepare.bind(connection);
    connection.prepare = ((text: string) => (prepared.push(text), prepare(text))) as typeof connection.prepare;
    statements = new PreparedStatements(connection, { limit: 3 });
    db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: statements }) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  });
  afterEach(() => db.destroy());

  const insert = (id: number) =>
    db
      .insertInto('notes')
      .values({ id, body: `note ${id}` })
      .execute();
  const bodyOf = async (id: number) =>
    (await db.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirst())?.body;

  it('prepares each statement once and runs it with the parameters of each call', async () => {
    for (let id = 1; id <= 5; id++) await insert(id);
    expect(await bodyOf(2)).toBe('note 2');
    expect(await bodyOf(4)).toBe('note 4');
    expect(await bodyOf(9)).toBeUndefined();
    expect(prepared.filter((text) => text.startsWith('insert'))).toHaveLength(1);
    expect(prepared.filter((text) => text.startsWith('select'))).toHaveLength(1);
  });

  it('keeps at most its limit, dropping the least recently used', async () => {
    await insert(1);
    const distinct = ['id', 'body', 'id + 1'];
    for (const column of distinct) await sql`select ${sql.raw(column)} from notes`.execute(db);
    expect(statements.size).toBe(3);
    // The insert was used least recently: it is prepared again; the last select is still there.
    const before = prepared.length;
    await insert(2);
    await sql`select id + 1 from notes`.execute(db);
    expect(prepared.slice(before)).toEqual(['insert into "notes" ("id", "body") values (?, ?)']);
  });

  it('streams a query, and runs it again afterwards', async () => {
    for (let id = 1; id <= 3; id++) await insert(id);
    const query = db.selectFrom('notes').select('body').orderBy('id');
    const streamed: string[] = [];
    for await (const row of query.stream()) streamed.push(row.body);
    expect(streamed).toEqual(['note 1', 'note 2', 'note 3']);
    expect((await query.execute()).map((row) => row.body)).toEqual(streamed);
  });

  it('reports writes as Kysely expects', async () => {
    const result = await db.updateTable('notes').set({ body: 'x' }).where('id', '>', 0).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(0n);
    await insert(7);
    const updated = await db.updateTable('notes').set({ body: 'y' }).where('id', '=', 7).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(1n);
    expect(await bodyOf(7)).toBe('y');
  });
  it('says when a write was committed: a write on its own, or a transaction’s commit, never a read or a write inside one', async () => {
    const connection = new SqliteDatabase(':memory:');
    let commits = 0;
    const counted = new Kysely<Tables>({
      dialect: new SqliteDialect({ database: new PreparedStatements(connection, { onCommit: () => (commits += 1) }) }),
    });
    try {
      await sql`create table notes (id integer primary key, body text not null)`.execute(counted);
      expect(commits).toBe(1);
      await counted.insertInto('notes').values({ id: 1, body: 'alone' }).execute();
      expect(commits).toBe(2);
      await counted.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 2, body: 'inside' }).execute();
        await trx.updateTable('notes').set({ body: 'changed' }).where('id', '=', 1).execute();
        expect(commits).toBe(2);
      });
      expect(commits).toBe(3);
      await counted.selectFrom('notes').selectAll().execute();
      expect(commits).toBe(3);
    } finally {
      await counted.destroy();
    }
  });
});
