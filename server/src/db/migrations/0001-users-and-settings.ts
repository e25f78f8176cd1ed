import { sql, type Kysely } from 'kysely';

// Migrations take an untyped Kysely: they describe the schema as it was then, not as it is now.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('email_lower', 'text', (column) => column.notNull().unique())
    .addColumn('phone_number', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('role', 'text', (column) => column.notNull().check(sql`role in ('user', 'admin', 'superadmin')`))
    .addColumn('password_hash', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  // Role filters (superadmin count, admin lists) with newest-first ordering.
  await db.schema.createIndex('users_role_created_at_idx').on('users').columns(['role', 'created_at']).execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('settings').execute();
  await db.schema.dropTable('users').execute();
}
