import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres';

// PostgreSQL: a result's answers (about 5 kB of JSON) are compressed when stored. With lz4 instead of
// the default pglz, writing a batch of submissions costs PostgreSQL less CPU
// (`bench/src/dev/batch-cost.ts` measures it) for a few more bytes; answers stored before keep
// their compression. A server built without lz4 (or older than
// PostgreSQL 14) keeps pglz. SQLite: nothing (it does not compress).

async function setCompression(db: Kysely<unknown>, method: 'lz4' | 'default'): Promise<void> {
  await sql`
    do $$ begin
      execute ${sql.lit(`alter table result_answers alter column answers set compression ${method}`)};
    exception when feature_not_supported or syntax_error then null;
    end $$`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await setCompression(db, 'lz4');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await setCompression(db, 'default');
}
