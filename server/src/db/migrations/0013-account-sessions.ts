import type { Kysely } from 'kysely';
import { createIndex, notNull } from './tables';

// Signed-in sessions of accounts. An account token names its session, and a token whose session row
// is gone is refused, so signing out, a password change, a role change or ending a session from the
// sessions list takes effect at the next request on every process sharing the database. Rows end
// with their account. (A participant's browser session, `participants.owner_session`, is another
// thing: it says which device holds a participant, who never signs in.)
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_sessions')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('user_id', 'text', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .$call(notNull('text', ['user_agent', 'address', 'created_at', 'last_seen_at', 'expires_at']))
    .execute();
  await createIndex(db, 'account_sessions_user_idx', 'account_sessions', ['user_id']);
  // Sign-ins delete the sessions that ran out.
  await createIndex(db, 'account_sessions_expires_idx', 'account_sessions', ['expires_at']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_sessions').execute();
}
