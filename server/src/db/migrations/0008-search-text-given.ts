import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres';

// PostgreSQL: a result's search text (migration 0004) is filled by a row trigger only where the
// insert left it empty. The submission batch writes it itself, from the participant row its insert
// reads anyway, so the trigger's PL/pgSQL call and its own lookup of the participant no longer run
// for every result (`bench/src/dev/batch-cost.ts`). Other inserts (imports, tests) keep the trigger
// filling it. SQLite: nothing (its search index has triggers of its own).

async function createTrigger(db: Kysely<unknown>, when: string): Promise<void> {
  await sql`drop trigger if exists results_search_text on results`.execute(db);
  await sql
    .raw(
      `create trigger results_search_text before insert on results for each row ${when} execute function results_search_text()`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createTrigger(db, `when (new.search_text = '')`);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await createTrigger(db, '');
}
