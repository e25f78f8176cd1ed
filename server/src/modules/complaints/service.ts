import { randomUUID } from 'node:crypto';
import type {
  Complaint,
  ComplaintListResponse,
  ComplaintResponse,
  complaintInputSchema,
  ComplaintsCreatedResponse,
  editComplaintBodySchema,
  MessageResponse,
} from '@prometrica/shared-api/contract';
import type { z } from 'zod';
import type { Store } from '../../db/types';
import { notFound } from '../../lib/http-errors';
import {
  deleteComplaint as deleteComplaintRow,
  findComplaintById,
  insertComplaints,
  listComplaints,
  updateComplaint,
  type ComplaintRecord,
} from './repository';

/** The three answers every concern offers unless it lists its own (spec sections 2 and 3). */
export const standardBotherOptions = ['A little', 'Quite a Bit', 'A great deal'] as const;
export const complaintNotFoundMessage = 'Complaint not found';
const defaultReporter = 'Admin';

export function toComplaint(record: ComplaintRecord): Complaint {
  return {
    _id: record.id,
    title: record.title,
    description: record.description,
    botherOptions: record.botherOptions,
    status: record.status,
    reporterName: record.reporterName,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** Builds complaint records; their timestamps step by a millisecond so a batch keeps its order. */
export function newComplaints(inputs: ReadonlyArray<z.output<typeof complaintInputSchema>>, start = Date.now()) {
  return inputs.map(
    (input, index): ComplaintRecord => {
      const at = new Date(start + index).toISOString();
      return {
        id: randomUUID(),
        title: input.title,
        description: input.description,
        botherOptions: input.botherOptions,
        status: 'pending',
        reporterName: input.reporterName || defaultReporter,
        createdAt: at,
        updatedAt: at,
      };
    },
  );
}

/** `POST complaint/create-complaint`: a list, stored in one transaction. */
export async function createComplaints(
  store: Store,
  inputs: ReadonlyArray<z.output<typeof complaintInputSchema>>,
): Promise<ComplaintsCreatedResponse> {
  const records = newComplaints(inputs);
  await store.db.transaction().execute((trx) => insertComplaints(trx, records));
  const noun = records.length === 1 ? 'Complaint' : 'Complaints';
  return { message: `${noun} created successfully`, complaints: records.map(toComplaint) };
}

/** `GET complaint/getAll`: newest first. */
export async function getComplaints(store: Store): Promise<ComplaintListResponse> {
  return { complaints: (await listComplaints(store.db, 'newest')).map(toComplaint) };
}

/** `PUT complaint/edit/{id}`. Ratings already given keep the concern as it was rated. */
export async function editComplaint(
  store: Store,
  id: string,
  body: z.output<typeof editComplaintBodySchema>,
): Promise<ComplaintResponse> {
  const existing = await findComplaintById(store.db, id);
  if (!existing) throw notFound(complaintNotFoundMessage);
  const updated: ComplaintRecord = {
    ...existing,
    title: body.title,
    description: body.description,
    botherOptions: body.botherOptions,
    status: body.status,
    reporterName: body.reporterName || existing.reporterName,
    updatedAt: new Date().toISOString(),
  };
  await updateComplaint(store.db, id, updated);
  return { message: 'Complaint updated successfully', complaint: toComplaint(updated) };
}

/** `DELETE complaint/delete/{id}`. Ratings already given keep their snapshot of it. */
export async function deleteComplaint(store: Store, id: string): Promise<MessageResponse> {
  const existing = await findComplaintById(store.db, id);
  if (!existing) throw notFound(complaintNotFoundMessage);
  await deleteComplaintRow(store.db, id);
  return { message: 'Complaint deleted successfully' };
}
