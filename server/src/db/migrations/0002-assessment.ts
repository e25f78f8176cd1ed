import { sql, type Kysely } from 'kysely';
import { createIndex, createResultRowTables, notNull } from './tables';

// Everything the assessment stores. Portable on purpose: text ids, ISO text timestamps, integers
// for booleans, option lists as JSON text; `*_lower` columns hold the lowercased text search and
// uniqueness compare (lowercased in JavaScript, because SQLite's lower() only knows ASCII).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('name_lower', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await sql`update users set name_lower = lower(name)`.execute(db);

  await db.schema
    .createTable('participants')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(notNull('text', ['name', 'name_lower', 'email']))
    .addColumn('email_lower', 'text', (column) => column.notNull().unique())
    .$call(notNull('text', ['phone', 'created_at', 'updated_at']))
    .execute();
  // Dashboard counts "as of a date" and per month.
  await createIndex(db, 'participants_created_at_idx', 'participants', ['created_at']);

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(notNull('text', ['name']))
    .addColumn('name_lower', 'text', (column) => column.notNull().unique())
    .$call(notNull('text', ['created_at', 'updated_at']))
    .execute();
  await createIndex(db, 'categories_created_at_idx', 'categories', ['created_at', 'id']);

  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(notNull('text', ['question', 'question_lower', 'correct_answer']))
    .addColumn('question_type', 'text', (column) =>
      column.notNull().check(sql`question_type in ('mcq', 'truefalse', 'fill_in_the_blanks')`),
    )
    .$call(notNull('text', ['options']))
    // restrict: a category with questions is never deleted from under them.
    .addColumn('category_id', 'text', (column) => column.notNull().references('categories.id').onDelete('restrict'))
    .$call(notNull('text', ['created_at', 'updated_at']))
    .execute();
  await createIndex(db, 'questions_created_at_idx', 'questions', ['created_at', 'id']);
  await createIndex(db, 'questions_category_idx', 'questions', ['category_id', 'created_at']);

  await db.schema
    .createTable('agreements')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('participant_id', 'text', (column) => column.notNull().references('participants.id').onDelete('cascade'))
    .$call(notNull('text', ['image_base64', 'date', 'created_at']))
    .execute();
  await createIndex(db, 'agreements_participant_idx', 'agreements', ['participant_id']);

  // One result per participant; totals computed once at submission so lists are indexed reads.
  await db.schema
    .createTable('results')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('participant_id', 'text', (column) =>
      column.notNull().unique().references('participants.id').onDelete('cascade'),
    )
    .$call(notNull('text', ['session_id']))
    .$call(notNull('integer', ['correct', 'wrong', 'total', 'percent']))
    .addColumn('passed', 'integer', (column) => column.notNull().check(sql`passed in (0, 1)`))
    .$call(notNull('text', ['created_at']))
    .execute();
  await createIndex(db, 'results_created_at_idx', 'results', ['created_at', 'id']);
  await createIndex(db, 'results_passed_idx', 'results', ['passed', 'created_at']);

  await createResultRowTables(db);

  // Admin complaints: the workplace concerns participants rate.
  await db.schema
    .createTable('complaints')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(
      notNull('text', [
        'title',
        'description',
        'bother_options',
        'status',
        'reporter_name',
        'created_at',
        'updated_at',
      ]),
    )
    .execute();
  await createIndex(db, 'complaints_created_at_idx', 'complaints', ['created_at', 'id']);

  // A participant's concern ratings: one submission each, one row per rated concern.
  await db.schema
    .createTable('concern_submissions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('participant_id', 'text', (column) =>
      column.notNull().unique().references('participants.id').onDelete('cascade'),
    )
    .$call(notNull('text', ['session_id', 'created_at']))
    .execute();
  await createIndex(db, 'concern_submissions_created_at_idx', 'concern_submissions', ['created_at', 'id']);

  // The rated concern is a snapshot too: editing or deleting a concern keeps what was rated.
  await db.schema
    .createTable('concern_ratings')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('submission_id', 'text', (column) =>
      column.notNull().references('concern_submissions.id').onDelete('cascade'),
    )
    .$call(notNull('integer', ['position']))
    .$call(
      notNull('text', [
        'complaint_id',
        'complaint_title',
        'complaint_description',
        'complaint_options',
        'complaint_created_at',
        'bother_options',
        'status',
        'created_at',
      ]),
    )
    .execute();
  await createIndex(db, 'concern_ratings_submission_idx', 'concern_ratings', ['submission_id', 'position']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'concern_ratings',
    'concern_submissions',
    'complaints',
    'answers',
    'result_categories',
    'results',
    'agreements',
    'questions',
    'categories',
    'participants',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('name_lower').execute();
}
