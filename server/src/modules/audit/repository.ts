import { sql, type SelectQueryBuilder } from 'kysely';
import type { AuditListFilters } from '@prometrica/shared-api/contract';
import type { Database, Dialect, Executor } from '../../db/types';
import { containsPattern, likeLower, toCount } from '../../lib/pagination';

export type AuditRow = Database['audit_log'];

export async function insertAuditRow(db: Executor, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** The day after `day` (YYYY-MM-DD), as the start of that UTC day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

function filtered<O>(query: SelectQueryBuilder<Database, 'audit_log', O>, filters: AuditListFilters) {
  let next = query;
  if (filters.actor) next = next.where(likeLower('actor_email', containsPattern(filters.actor)));
  if (filters.action) next = next.where('action', '=', filters.action);
  if (filters.from) next = next.where('at', '>=', `${filters.from}T00:00:00.000Z`);
  if (filters.to) next = next.where('at', '<', dayAfter(filters.to));
  return next;
}

export async function countAuditRows(db: Executor, filters: AuditListFilters): Promise<number> {
  const row = await filtered(db.selectFrom('audit_log'), filters)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return toCount(row?.count);
}

/** Newest first (`id` breaks ties of one millisecond). */
export async function listAuditRows(
  db: Executor,
  filters: AuditListFilters,
  window: { limit: number; offset: number },
): Promise<AuditRow[]> {
  return filtered(db.selectFrom('audit_log'), filters)
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
}

/**
 * Deletes the entries older than `cutoff`, saying first that this is the retention purge: the
 * database refuses any other delete (migration 0014). Runs inside the caller's transaction.
 */
export async function purgeAuditRows(trx: Executor, dialect: Dialect, cutoff: string): Promise<number> {
  if (dialect === 'postgres') {
    await sql`select set_config('prometrica.audit_purge', 'on', true)`.execute(trx);
  } else {
    await trx.insertInto('settings').values({ key: 'audit_log_purging', value: '1' }).execute();
  }
  const result = await trx.deleteFrom('audit_log').where('at', '<', cutoff).executeTakeFirst();
  if (dialect === 'postgres') {
    await sql`select set_config('prometrica.audit_purge', 'off', true)`.execute(trx);
  } else {
    await trx.deleteFrom('settings').where('key', '=', 'audit_log_purging').execute();
  }
  return Number(result.numDeletedRows);
}

/** The audited tables whose rows an edit's before and after are read from. */
export type SnapshotTable = 'categories' | 'questions' | 'concerns' | 'users';

export async function findSnapshotRow(
  db: Executor,
  table: SnapshotTable,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  return (await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst()) as
    Record<string, unknown> | undefined;
}
