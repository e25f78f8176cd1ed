import { sql, type Kysely } from 'kysely';

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
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('name_lower', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('email_lower', 'text', (column) => column.notNull().unique())
    .addColumn('phone', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  // Dashboard counts "as of a date" and per month.
  await db.schema.createIndex('participants_created_at_idx').on('participants').column('created_at').execute();

  await db.schema
    .createTable('categories')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('name_lower', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('categories_created_at_idx').on('categories').columns(['created_at', 'id']).execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('question', 'text', (column) => column.notNull())
    .addColumn('question_lower', 'text', (column) => column.notNull())
    .addColumn('correct_answer', 'text', (column) => column.notNull())
    .addColumn('question_type', 'text', (column) =>
      column.notNull().check(sql`question_type in ('mcq', 'truefalse', 'fill_in_the_blanks')`),
    )
    .addColumn('options', 'text', (column) => column.notNull())
    // restrict: a category with questions is never deleted from under them.
    .addColumn('category_id', 'text', (column) => column.notNull().references('categories.id').onDelete('restrict'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('questions_created_at_idx').on('questions').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('questions_category_idx')
    .on('questions')
    .columns(['category_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('agreements')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('participant_id', 'text', (column) => column.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('image_base64', 'text', (column) => column.notNull())
    .addColumn('date', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('agreements_participant_idx').on('agreements').column('participant_id').execute();

  // One result per participant; totals computed once at submission so lists are indexed reads.
  await db.schema
    .createTable('results')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('participant_id', 'text', (column) =>
      column.notNull().unique().references('participants.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'text', (column) => column.notNull())
    .addColumn('correct', 'integer', (column) => column.notNull())
    .addColumn('wrong', 'integer', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addColumn('percent', 'integer', (column) => column.notNull())
    .addColumn('passed', 'integer', (column) => column.notNull().check(sql`passed in (0, 1)`))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('results_created_at_idx').on('results').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('results_passed_idx').on('results').columns(['passed', 'created_at']).execute();

  await db.schema
    .createTable('result_categories')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('result_id', 'text', (column) => column.notNull().references('results.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('category_name', 'text', (column) => column.notNull())
    .addColumn('correct', 'integer', (column) => column.notNull())
    .addColumn('wrong', 'integer', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addColumn('percent', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('result_categories_result_idx')
    .on('result_categories')
    .columns(['result_id', 'position'])
    .execute();

  // Snapshots: a later edit or deletion of the question does not rewrite a submitted answer.
  await db.schema
    .createTable('answers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('result_id', 'text', (column) => column.notNull().references('results.id').onDelete('cascade'))
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('question_id', 'text', (column) => column.notNull())
    .addColumn('question_text', 'text', (column) => column.notNull())
    .addColumn('user_answer', 'text', (column) => column.notNull())
    .addColumn('correct_answer', 'text', (column) => column.notNull())
    .addColumn('category_name', 'text', (column) => column.notNull())
    .addColumn('is_correct', 'integer', (column) => column.notNull().check(sql`is_correct in (0, 1)`))
    .execute();
  await db.schema.createIndex('answers_result_idx').on('answers').columns(['result_id', 'position']).execute();

  // Admin complaints: the workplace concerns participants rate.
  await db.schema
    .createTable('complaints')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('title', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('bother_options', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('reporter_name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('complaints_created_at_idx').on('complaints').columns(['created_at', 'id']).execute();

  // A participant's concern ratings: one submission each, one row per rated concern.
  await db.schema
    .createTable('concern_submissions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('participant_id', 'text', (column) =>
      column.notNull().unique().references('participants.id').onDelete('cascade'),
    )
    .addColumn('session_id', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('concern_submissions_created_at_idx')
    .on('concern_submissions')
    .columns(['created_at', 'id'])
    .execute();

  // The rated concern is a snapshot too: editing or deleting a concern keeps what was rated.
  await db.schema
    .createTable('concern_ratings')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('submission_id', 'text', (column) =>
      column.notNull().references('concern_submissions.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('complaint_id', 'text', (column) => column.notNull())
    .addColumn('complaint_title', 'text', (column) => column.notNull())
    .addColumn('complaint_description', 'text', (column) => column.notNull())
    .addColumn('complaint_options', 'text', (column) => column.notNull())
    .addColumn('complaint_created_at', 'text', (column) => column.notNull())
    .addColumn('bother_options', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('concern_ratings_submission_idx')
    .on('concern_ratings')
    .columns(['submission_id', 'position'])
    .execute();
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
