import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres';
import { createIndex, notNull } from './tables';

// The audit log (docs/operations.md, "Audit log"): one row per audited action, never changed. The
// database itself refuses to update a row, and to delete one except in the server's retention
// purge, which says so first: on PostgreSQL with the transaction's setting `prometrica.audit_purge`,
// on SQLite with a row `audit_log_purging` in `settings` that the purge's transaction adds and
// removes (no other connection ever sees it).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(notNull('text', ['at']))
    .addColumn('actor_id', 'text')
    .$call(notNull('text', ['actor_email']))
    .addColumn('actor_role', 'text')
    .$call(notNull('text', ['address', 'action', 'target_type']))
    .addColumn('target_id', 'text')
    // JSON: the changed fields before and after an edit, or what a call concerned; null when none.
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await createIndex(db, 'audit_log_at_idx', 'audit_log', ['at']);
  await createIndex(db, 'audit_log_action_at_idx', 'audit_log', ['action', 'at']);

  if (isPostgres(db)) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and current_setting('prometrica.audit_purge', true) = 'on' then
          return old;
        end if;
        raise exception 'the audit log is append-only';
      end
      $$`.execute(db);
    await sql`
      create trigger audit_log_append_only before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`
      create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
    await sql`
      create trigger audit_log_no_delete before delete on audit_log
      when not exists (select 1 from settings where key = 'audit_log_purging')
      begin select raise(abort, 'the audit log is append-only'); end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  if (isPostgres(db)) await sql`drop function audit_log_append_only()`.execute(db);
}
