import { sql, type Kysely } from 'kysely';
import { createIndex, notNull } from './tables';

// One name for the workplace-concerns domain in the schema, as in the code: `complaints` becomes
// `concerns` (its `bother_options`: `rating_options`), and a rating's snapshot columns are named
// after the concern (`concern_*`) and the participant's choice (`chosen_options`). The concerns
// table is copied rather than renamed so that its primary key and index carry the new name on both
// engines (PostgreSQL keeps a renamed table's `complaints_pkey`); it holds a few dozen rows.

/** Moves the concerns into the table `to` (its options column and index named as given); drops `from`. */
async function moveConcerns(
  db: Kysely<unknown>,
  from: { table: string; options: string; index: string },
  to: { table: string; options: string; index: string },
): Promise<void> {
  await db.schema
    .createTable(to.table)
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(notNull('text', ['title', 'description', to.options, 'status', 'reporter_name', 'created_at', 'updated_at']))
    .execute();
  await sql`insert into ${sql.table(to.table)} (id, title, description, ${sql.ref(to.options)}, status, reporter_name, created_at, updated_at)
    select id, title, description, ${sql.ref(from.options)}, status, reporter_name, created_at, updated_at from ${sql.table(from.table)}`.execute(
    db,
  );
  await db.schema.dropIndex(from.index).execute();
  await db.schema.dropTable(from.table).execute();
  await createIndex(db, to.index, to.table, ['created_at', 'id']);
}

/** The rating columns as they were (migration 0002) and as they are now. */
const ratingColumns = [
  ['complaint_id', 'concern_id'],
  ['complaint_title', 'concern_title'],
  ['complaint_description', 'concern_description'],
  ['complaint_options', 'concern_rating_options'],
  ['complaint_created_at', 'concern_created_at'],
  ['bother_options', 'chosen_options'],
] as const;

const before = { table: 'complaints', options: 'bother_options', index: 'complaints_created_at_idx' };
const after = { table: 'concerns', options: 'rating_options', index: 'concerns_created_at_idx' };

export async function up(db: Kysely<unknown>): Promise<void> {
  await moveConcerns(db, before, after);
  for (const [from, to] of ratingColumns)
    await db.schema.alterTable('concern_ratings').renameColumn(from, to).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [from, to] of ratingColumns)
    await db.schema.alterTable('concern_ratings').renameColumn(to, from).execute();
  await moveConcerns(db, after, before);
}
