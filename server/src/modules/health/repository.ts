import { sql } from 'kysely';
import type { Executor } from '../../db/types';

/** One round trip to the database. */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
