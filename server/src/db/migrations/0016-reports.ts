import type { Kysely } from 'kysely';
import { createIndex, notNull } from './tables';

// The doctor's report on a result (docs/reports.md):
// - reports: one per result, its comments (the latest saved version), its release and when the
//   participant first opened a released copy. No row, or `released_at` null: a draft.
// - report_versions: every saved version of the comments, never changed.
// - report_links: the links that open the participant's copy; only the SHA-256 (hex) of a link's
//   token is stored, the token itself is shown once when the link is made.
// Each belongs to a result and goes with it; `participant_id` lets erasure and the participant's
// export find them without a join.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('result_id', 'text', (column) => column.primaryKey().references('results.id').onDelete('cascade'))
    .$call(notNull('text', ['participant_id']))
    .addColumn('overall_comment', 'text', (column) => column.notNull().defaultTo(''))
    // JSON object: category name -> comment.
    .addColumn('category_comments', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('saved_at', 'text')
    .addColumn('saved_by', 'text')
    .addColumn('released_at', 'text')
    .addColumn('released_by', 'text')
    .addColumn('opened_at', 'text')
    .$call(notNull('text', ['created_at']))
    .execute();
  await createIndex(db, 'reports_participant_idx', 'reports', ['participant_id']);
  // The results list filters by report status (draft, released, opened).
  await createIndex(db, 'reports_released_at_idx', 'reports', ['released_at']);
  await createIndex(db, 'reports_opened_at_idx', 'reports', ['opened_at']);

  await db.schema
    .createTable('report_versions')
    .addColumn('result_id', 'text', (column) => column.notNull().references('reports.result_id').onDelete('cascade'))
    .$call(notNull('integer', ['version']))
    .$call(notNull('text', ['overall_comment', 'category_comments', 'saved_at']))
    .addColumn('saved_by', 'text')
    .addPrimaryKeyConstraint('report_versions_pkey', ['result_id', 'version'])
    .execute();

  await db.schema
    .createTable('report_links')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('result_id', 'text', (column) => column.notNull().references('results.id').onDelete('cascade'))
    .$call(notNull('text', ['participant_id']))
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .$call(notNull('text', ['created_at', 'expires_at']))
    .addColumn('revoked_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('show_correct', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('mailed_to', 'text')
    .addColumn('created_by', 'text')
    .execute();
  await createIndex(db, 'report_links_result_idx', 'report_links', ['result_id', 'created_at']);
  await createIndex(db, 'report_links_participant_idx', 'report_links', ['participant_id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_links').execute();
  await db.schema.dropTable('report_versions').execute();
  await db.schema.dropTable('reports').execute();
}
