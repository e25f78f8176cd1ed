import { sql } from 'kysely';
import { sqliteCacheKib } from '../../src/db/sqlite/sqlite';
import { closeTestSqlite, openTestSqlite } from '../helpers/sqlite';

describe('the embedded SQLite database', () => {
  it('is opened for durability: WAL, synchronous FULL, a busy timeout and foreign keys, with a 64 MiB page cache, checkpoints off the commits and temporary data in memory', async () => {
    const sqlite = await openTestSqlite();
    const { handle } = sqlite;
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(handle.db)).rows[0] as object)[0];
      expect(handle.dialect).toBe('sqlite');
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('foreign_keys')).toBe(1);
      // Negative: a size in KiB rather than in pages.
      expect(await pragma('cache_size')).toBe(-sqliteCacheKib);
      // The checkpointer's thread copies the WAL into the database file (see sqlite-checkpointer.test.ts).
      expect(await pragma('wal_autocheckpoint')).toBe(0);
      expect(await pragma('temp_store')).toBe(2);
    } finally {
      await closeTestSqlite(sqlite);
    }
  });
});
