import type { ComplaintsTable, Executor } from '../../db/types';
import { fromJsonList, toJsonList } from '../../lib/json-text';

/** An admin complaint: a workplace concern participants rate. */
export interface ComplaintRecord {
  id: string;
  title: string;
  description: string;
  botherOptions: string[];
  status: string;
  reporterName: string;
  createdAt: string;
  updatedAt: string;
}

const toRecord = (row: ComplaintsTable): ComplaintRecord => ({
  id: row.id,
  title: row.title,
  description: row.description,
  botherOptions: fromJsonList(row.bother_options),
  status: row.status,
  reporterName: row.reporter_name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** Every complaint, newest or oldest first (id breaks ties). */
export async function listComplaints(db: Executor, order: 'newest' | 'oldest'): Promise<ComplaintRecord[]> {
  const direction = order === 'newest' ? 'desc' : 'asc';
  const rows = await db.selectFrom('complaints').selectAll().orderBy('created_at', direction).orderBy('id', direction).execute();
  return rows.map(toRecord);
}

export async function findComplaintById(db: Executor, id: string): Promise<ComplaintRecord | undefined> {
  const row = await db.selectFrom('complaints').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findComplaintsByIds(db: Executor, ids: readonly string[]): Promise<ComplaintRecord[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('complaints').selectAll().where('id', 'in', ids).execute();
  return rows.map(toRecord);
}

export async function insertComplaints(db: Executor, complaints: readonly ComplaintRecord[]): Promise<void> {
  if (complaints.length === 0) return;
  await db
    .insertInto('complaints')
    .values(
      complaints.map((complaint) => ({
        id: complaint.id,
        title: complaint.title,
        description: complaint.description,
        bother_options: toJsonList(complaint.botherOptions),
        status: complaint.status,
        reporter_name: complaint.reporterName,
        created_at: complaint.createdAt,
        updated_at: complaint.updatedAt,
      })),
    )
    .execute();
}

export async function updateComplaint(
  db: Executor,
  id: string,
  fields: Pick<ComplaintRecord, 'title' | 'description' | 'botherOptions' | 'status' | 'reporterName' | 'updatedAt'>,
): Promise<void> {
  await db
    .updateTable('complaints')
    .set({
      title: fields.title,
      description: fields.description,
      bother_options: toJsonList(fields.botherOptions),
      status: fields.status,
      reporter_name: fields.reporterName,
      updated_at: fields.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteComplaint(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('complaints').where('id', '=', id).execute();
}
