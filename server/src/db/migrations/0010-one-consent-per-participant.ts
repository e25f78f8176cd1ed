import { sql, type Kysely } from 'kysely';
import { createIndex } from './tables';

// One signed consent per participant, enforced by the database: before this, every
// `useragreement/add` stored another row, so a participant may have several. Only the newest of
// each participant's (latest `created_at`, then highest id: the one the results screen showed) is
// kept; the older ones are deleted, which cannot be undone by `down`.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from agreements where exists (
    select 1 from agreements newer
    where newer.participant_id = agreements.participant_id
      and (newer.created_at > agreements.created_at
        or (newer.created_at = agreements.created_at and newer.id > agreements.id)))`.execute(db);
  await db.schema.dropIndex('agreements_participant_idx').execute();
  await db.schema
    .createIndex('agreements_participant_key')
    .unique()
    .on('agreements')
    .column('participant_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('agreements_participant_key').execute();
  await createIndex(db, 'agreements_participant_idx', 'agreements', ['participant_id']);
}
