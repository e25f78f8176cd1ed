import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres';
import { createIndex, notNull } from './tables';

// Indexes the results page and the dashboard figures need once there are many participants
// (as `pnpm bench` measures them, on a large database):
// - searching results by a part of the participant's name or email (`%term%`) cannot use a B-tree
//   index, so every search read every participant and result. A trigram index answers it instead.
//   SQLite: an FTS5 table with the `trigram` tokenizer holding each result's participant name and
//   email under the result's rowid (results are immutable; triggers keep it in step when a result is
//   added or removed and when a participant's name or email changes), so a search finds result rows
//   without touching the participants table. PostgreSQL: the same text in a `search_text` column of
//   results (set by a trigger from the participant, kept in step when the participant changes)
//   with a pg_trgm GIN index on it, when the extension can be created (otherwise searches scan);
// - the results page's summary (passed count, average percent) reads only an index on
//   (passed, percent) instead of every result row;
// - the dashboard counts participants per month: `participant_month_counts` keeps those counts
//   (triggers on participants), so the figures read a few dozen rows instead of counting every
//   participant of the year on each call. On PostgreSQL each month is spread over 8 rows (by
//   participant id) so concurrent sign-ups do not queue on one row lock.

export async function up(db: Kysely<unknown>): Promise<void> {
  await createIndex(db, 'results_passed_percent_idx', 'results', ['passed', 'percent']);
  await db.schema
    .createTable('participant_month_counts')
    .$call(notNull('text', ['month']))
    .$call(notNull('integer', ['shard', 'count']))
    .addPrimaryKeyConstraint('participant_month_counts_pkey', ['month', 'shard'])
    .execute();

  if (isPostgres(db)) {
    // Name and email, lowercased, one per line (a search never spans both).
    await sql`alter table results add column search_text text not null default ''`.execute(db);
    await sql`
      update results set search_text = participants.name_lower || chr(10) || participants.email_lower
      from participants where participants.id = results.participant_id`.execute(db);
    await sql`
      create function results_search_text() returns trigger language plpgsql as $$
      begin
        new.search_text := coalesce((select name_lower || chr(10) || email_lower from participants where id = new.participant_id), '');
        return new;
      end
      $$`.execute(db);
    await sql`create trigger results_search_text before insert on results for each row execute function results_search_text()`.execute(
      db,
    );
    await sql`
      create function participants_search_text() returns trigger language plpgsql as $$
      begin
        update results set search_text = new.name_lower || chr(10) || new.email_lower where participant_id = new.id;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger participants_search_text after update of name_lower, email_lower on participants
      for each row execute function participants_search_text()`.execute(db);
    // pg_trgm is a trusted extension (the database owner may create it). It is created once per
    // database, in `public` (schemas come and go), and its operator class named with its schema; a
    // server without the extension, or a role without the right, keeps working with scans.
    await sql`
      do $$
      declare
        trgm_schema text;
      begin
        begin
          create extension if not exists pg_trgm with schema public;
        exception when others then
          raise notice 'pg_trgm is not available: result search will scan';
        end;
        select n.nspname into trgm_schema
        from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm';
        if trgm_schema is not null then
          execute format('create index results_search_trgm_idx on results using gin (search_text %I.gin_trgm_ops)', trgm_schema);
        end if;
      end
      $$`.execute(db);

    await sql`
      insert into participant_month_counts (month, shard, count)
      select substr(created_at, 1, 7), abs(hashtext(id)) % 8, count(*) from participants group by 1, 2`.execute(db);
    await sql`
      create function participant_month_counts_change() returns trigger language plpgsql as $$
      begin
        if tg_op in ('DELETE', 'UPDATE') then
          update participant_month_counts set count = count - 1
          where month = substr(old.created_at, 1, 7) and shard = abs(hashtext(old.id)) % 8;
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          insert into participant_month_counts (month, shard, count)
          values (substr(new.created_at, 1, 7), abs(hashtext(new.id)) % 8, 1)
          on conflict (month, shard) do update set count = participant_month_counts.count + 1;
        end if;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger participant_month_counts_change after insert or delete or update of created_at on participants
      for each row execute function participant_month_counts_change()`.execute(db);
    return;
  }

  await sql`
    insert into participant_month_counts (month, shard, count)
    select substr(created_at, 1, 7), 0, count(*) from participants group by 1`.execute(db);
  await sql`
    create trigger participant_month_counts_insert after insert on participants begin
      insert into participant_month_counts (month, shard, count) values (substr(new.created_at, 1, 7), 0, 1)
      on conflict (month, shard) do update set count = count + 1;
    end`.execute(db);
  await sql`
    create trigger participant_month_counts_delete after delete on participants begin
      update participant_month_counts set count = count - 1 where month = substr(old.created_at, 1, 7) and shard = 0;
    end`.execute(db);
  await sql`
    create trigger participant_month_counts_update after update of created_at on participants begin
      update participant_month_counts set count = count - 1 where month = substr(old.created_at, 1, 7) and shard = 0;
      insert into participant_month_counts (month, shard, count) values (substr(new.created_at, 1, 7), 0, 1)
      on conflict (month, shard) do update set count = count + 1;
    end`.execute(db);

  await sql`create virtual table result_search using fts5(name_lower, email_lower, tokenize='trigram')`.execute(db);
  await sql`
    insert into result_search(rowid, name_lower, email_lower)
    select results.rowid, participants.name_lower, participants.email_lower
    from results join participants on participants.id = results.participant_id`.execute(db);
  await sql`
    create trigger result_search_insert after insert on results begin
      insert into result_search(rowid, name_lower, email_lower)
      select new.rowid, name_lower, email_lower from participants where id = new.participant_id;
    end`.execute(db);
  await sql`
    create trigger result_search_delete after delete on results begin
      delete from result_search where rowid = old.rowid;
    end`.execute(db);
  await sql`
    create trigger result_search_participant after update of name_lower, email_lower on participants begin
      update result_search set name_lower = new.name_lower, email_lower = new.email_lower
      where rowid in (select rowid from results where participant_id = new.id);
    end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('results_passed_percent_idx').execute();
  if (isPostgres(db)) {
    await sql`drop trigger if exists participant_month_counts_change on participants`.execute(db);
    await sql`drop function if exists participant_month_counts_change()`.execute(db);
    await db.schema.dropTable('participant_month_counts').execute();
    await sql`drop trigger if exists participants_search_text on participants`.execute(db);
    await sql`drop function if exists participants_search_text()`.execute(db);
    await sql`drop trigger if exists results_search_text on results`.execute(db);
    await sql`drop function if exists results_search_text()`.execute(db);
    await sql`drop index if exists results_search_trgm_idx`.execute(db);
    await sql`alter table results drop column search_text`.execute(db);
    return;
  }
  for (const trigger of [
    'result_search_insert',
    'result_search_delete',
    'result_search_participant',
    'participant_month_counts_insert',
    'participant_month_counts_delete',
    'participant_month_counts_update',
  ]) {
    await sql`drop trigger if exists ${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table if exists result_search`.execute(db);
  await db.schema.dropTable('participant_month_counts').execute();
}
