import type { ConcernsTable, Executor } from '../../db/types';
import { fromJsonList, toJsonList } from '../../lib/json-text';

/** A workplace concern an admin wrote, which participants rate. */
export interface ConcernRecord {
  id: string;
  title: string;
  description: string;
  ratingOptions: string[];
  status: string;
  reporterName: string;
  createdAt: string;
  updatedAt: string;
}

const toRecord = (row: ConcernsTable): ConcernRecord => ({
  id: row.id,
  title: row.title,
  description: row.description,
  ratingOptions: fromJsonList(row.rating_options),
  status: row.status,
  reporterName: row.reporter_name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Every concern, newest or oldest first (id breaks ties). */
export async function listConcerns(db: Executor, order: 'newest' | 'oldest'): Promise<ConcernRecord[]> {
  const direction = order === 'newest' ? 'desc' : 'asc';
  const rows = await db
    .selectFrom('concerns')
    .selectAll()
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .execute();
  return rows.map(toRecord);
}

export async function findConcernById(db: Executor, id: string): Promise<ConcernRecord | undefined> {
  const row = await db.selectFrom('concerns').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findConcernsByIds(db: Executor, ids: readonly string[]): Promise<ConcernRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('concerns').selectAll().where('id', 'in', ids).execute();
  return rows.map(toRecord);
}

export async function insertConcerns(db: Executor, concerns: readonly ConcernRecord[]): Promise<void> {
  if (concerns.length === 0) return;
  await db
    .insertInto('concerns')
    .values(
      concerns.map((concern) => ({
        id: concern.id,
        title: concern.title,
        description: concern.description,
        rating_options: toJsonList(concern.ratingOptions),
        status: concern.status,
        reporter_name: concern.reporterName,
        created_at: concern.createdAt,
        updated_at: concern.updatedAt,
      })),
    )
    .execute();
}

export async function updateConcern(
  db: Executor,
  id: string,
  fields: Pick<ConcernRecord, 'title' | 'description' | 'ratingOptions' | 'status' | 'reporterName' | 'updatedAt'>,
): Promise<void> {
  await db
    .updateTable('concerns')
    .set({
      title: fields.title,
      description: fields.description,
      rating_options: toJsonList(fields.ratingOptions),
      status: fields.status,
      reporter_name: fields.reporterName,
      updated_at: fields.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteConcern(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('concerns').where('id', '=', id).execute();
}
