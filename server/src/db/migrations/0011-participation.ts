import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres';
import { createIndex } from './tables';

// Trustworthy participation (docs/participation.md):
// - participants: `owner_session`, the browser session that holds the participant once they have
//   started (every device that resumes through the invitation link or the resume code gets it);
//   `resume_code`, shown to the participant; `question_set_version`, pinned at consent.
// - agreements: the consent as evidence (text version and SHA-256, signed name, method, address).
// - results: the question set version the answers were to.
// - progress_answers: every answer saved as it is given, with its time and the time spent on it.
// - question_set_versions: each question set participants were given, with the correct answers.
// - invitations: one personal link per invited participant.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('participants').addColumn('owner_session', 'text').execute();
  await db.schema
    .alterTable('participants')
    .addColumn('resume_code', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('participants').addColumn('question_set_version', 'integer').execute();

  // Participants who started before sessions were kept: the session that submitted (or rated the
  // concerns) holds them; one who only signed the consent is held by a session nobody has, and
  // continues with the resume code.
  await sql`update participants set owner_session = coalesce(
      (select results.session_id from results where results.participant_id = participants.id limit 1),
      (select concern_submissions.session_id from concern_submissions
        where concern_submissions.participant_id = participants.id limit 1),
      (select 'legacy-' || agreements.id from agreements where agreements.participant_id = participants.id limit 1))`.execute(
    db,
  );
  // Legacy resume codes: eight hexadecimal characters; new ones come from the server's generator.
  if (isPostgres(db)) {
    await sql`update participants set resume_code = upper(substr(md5(random()::text || id), 1, 8))`.execute(db);
  } else {
    await sql`update participants set resume_code = upper(hex(randomblob(4)))`.execute(db);
  }

  for (const column of ['text_version', 'text_sha256', 'signed_name', 'method', 'client_address']) {
    await db.schema.alterTable('agreements').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('results').addColumn('question_set_version', 'integer').execute();

  await db.schema
    .createTable('progress_answers')
    .addColumn('participant_id', 'text', (column) => column.notNull().references('participants.id').onDelete('cascade'))
    .addColumn('question_id', 'text', (column) => column.notNull())
    .addColumn('user_answer', 'text', (column) => column.notNull())
    .addColumn('answered_at', 'text', (column) => column.notNull())
    .addColumn('time_ms', 'integer', (column) => column.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('progress_answers_pkey', ['participant_id', 'question_id'])
    .execute();

  await db.schema
    .createTable('question_set_versions')
    .addColumn('version', 'integer', (column) => column.primaryKey())
    .addColumn('content_hash', 'text', (column) => column.notNull().unique())
    .addColumn('questions', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('participant_id', 'text', (column) =>
      column.notNull().unique().references('participants.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('last_sent_at', 'text')
    .addColumn('created_by', 'text')
    .execute();
  await createIndex(db, 'invitations_created_idx', 'invitations', ['created_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invitations').execute();
  await db.schema.dropTable('question_set_versions').execute();
  await db.schema.dropTable('progress_answers').execute();
  await db.schema.alterTable('results').dropColumn('question_set_version').execute();
  for (const column of ['text_version', 'text_sha256', 'signed_name', 'method', 'client_address']) {
    await db.schema.alterTable('agreements').dropColumn(column).execute();
  }
  for (const column of ['question_set_version', 'resume_code', 'owner_session']) {
    await db.schema.alterTable('participants').dropColumn(column).execute();
  }
}
