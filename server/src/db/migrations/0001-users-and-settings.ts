import { sql, type Kysely } from 'kysely';
import { createIndex, notNull } from './tables';

// Migrations take an untyped Kysely: they describe the schema as it was then, not as it is now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .$call(notNull('text', ['name', 'email']))
    .addColumn('email_lower', 'text', (column) => column.notNull().unique())
    .addColumn('phone_number', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('role', 'text', (column) => column.notNull().check(sql`role in ('user', 'admin', 'superadmin')`))
    .$call(notNull('text', ['password_hash', 'created_at', 'updated_at']))
    .execute();
  // Role filters (superadmin count, admin lists) with newest-first ordering.
  await createIndex(db, 'users_role_created_at_idx', 'users', ['role', 'created_at']);

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .$call(notNull('text', ['value']))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('users').execute();
}
