import { sql, type Kysely } from 'kysely';
import { normalisePhone } from '@prometrica/shared-api/phone';

// Phone numbers are stored in E.164 (`+923001234567`) from now on. Those stored before were kept
// as typed: digits in the local pattern (03XXXXXXXXX) for accounts and participants, or with spaces,
// brackets and a `+` for invitees. Each is rewritten in E.164, read in the configured region
// (`PHONE_REGION`, Pakistan unless set) when it has no `+`; a value that is no possible number (or
// none at all) is left as it was. `updated_at` is not touched: the person changed nothing.
// Nothing is undone by `down`: what was typed is not kept, and E.164 reads as well everywhere.

/** Rows rewritten per statement. */
const batchSize = 500;

async function normaliseColumn(db: Kysely<unknown>, table: 'users' | 'participants', column: string): Promise<void> {
  const { rows } = await sql<{ id: string; phone: string }>`
    select id, ${sql.ref(column)} as phone from ${sql.table(table)} where ${sql.ref(column)} <> ''`.execute(db);
  const changes: Array<{ id: string; phone: string }> = [];
  for (const row of rows) {
    const phone = normalisePhone(row.phone);
    if (phone !== null && phone !== row.phone) changes.push({ id: row.id, phone });
  }
  for (let start = 0; start < changes.length; start += batchSize) {
    const batch = changes.slice(start, start + batchSize);
    const cases = sql.join(
      batch.map((change) => sql`when ${change.id} then ${change.phone}`),
      sql` `,
    );
    const ids = sql.join(batch.map((change) => sql`${change.id}`));
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = case id ${cases} end where id in (${ids})`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await normaliseColumn(db, 'users', 'phone_number');
  await normaliseColumn(db, 'participants', 'phone');
}

export async function down(): Promise<void> {
  // The numbers stay in E.164 (see above).
}
