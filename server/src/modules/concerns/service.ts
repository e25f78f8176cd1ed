import { randomUUID } from 'node:crypto';
import type {
  Concern,
  ConcernInput,
  ConcernListResponse,
  ConcernResponse,
  ConcernsCreatedResponse,
  editConcernBodySchema,
  MessageResponse,
} from '@prometrica/shared-api/contract';
import type { z } from 'zod';
import type { Store } from '../../db/types';
import { found } from '../../lib/http-errors';
import {
  deleteConcern as deleteConcernRow,
  findConcernById,
  insertConcerns,
  listConcerns,
  updateConcern,
  type ConcernRecord,
} from './repository';

// What other modules (the ratings, the seed) read and write concerns with.
export { findConcernsByIds, insertConcerns, listConcerns } from './repository';

/** The three answers every concern offers unless it lists its own (spec sections 2 and 3). */
export const standardRatingOptions = ['A little', 'Quite a Bit', 'A great deal'] as const;
export const concernNotFoundMessage = 'Complaint not found';
const defaultReporter = 'Admin';

export function toConcern(record: ConcernRecord): Concern {
  return {
    _id: record.id,
    title: record.title,
    description: record.description,
    botherOptions: record.ratingOptions,
    status: record.status,
    reporterName: record.reporterName,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

/** What a new concern is made of. */
export interface NewConcern {
  title: string;
  description: string;
  ratingOptions: string[];
  reporterName?: string | undefined;
}

/** Builds concern records; their timestamps step by a millisecond so a batch keeps its order. */
export function newConcerns(inputs: readonly NewConcern[], start = Date.now()) {
  return inputs.map((input, index): ConcernRecord => {
    const at = new Date(start + index).toISOString();
    return {
      id: randomUUID(),
      title: input.title,
      description: input.description,
      ratingOptions: input.ratingOptions,
      status: 'pending',
      reporterName: input.reporterName || defaultReporter,
      createdAt: at,
      updatedAt: at,
    };
  });
}

/** `POST complaint/create-complaint`: a list, stored in one transaction. */
export async function createConcerns(store: Store, inputs: readonly ConcernInput[]): Promise<ConcernsCreatedResponse> {
  const records = newConcerns(inputs.map((input) => ({ ...input, ratingOptions: input.botherOptions })));
  await store.db.transaction().execute((trx) => insertConcerns(trx, records));
  const noun = records.length === 1 ? 'Complaint' : 'Complaints';
  return { message: `${noun} created successfully`, complaints: records.map(toConcern) };
}

/** `GET complaint/getAll`: newest first. */
export async function getConcerns(store: Store): Promise<ConcernListResponse> {
  return { complaints: (await listConcerns(store.db, 'newest')).map(toConcern) };
}

/** An edit as the route parsed it (defaults filled in). */
type EditConcernBody = z.output<typeof editConcernBodySchema>;

/** `PUT complaint/edit/{id}`. Ratings already given keep the concern as it was rated. */
export async function editConcern(store: Store, id: string, body: EditConcernBody): Promise<ConcernResponse> {
  const existing = found(await findConcernById(store.db, id), concernNotFoundMessage);
  const updated: ConcernRecord = {
    ...existing,
    title: body.title,
    description: body.description,
    ratingOptions: body.botherOptions,
    status: body.status,
    reporterName: body.reporterName || existing.reporterName,
    updatedAt: new Date().toISOString(),
  };
  await updateConcern(store.db, id, updated);
  return { message: 'Complaint updated successfully', complaint: toConcern(updated) };
}

/** `DELETE complaint/delete/{id}`. Ratings already given keep their snapshot of it. */
export async function deleteConcern(store: Store, id: string): Promise<MessageResponse> {
  found(await findConcernById(store.db, id), concernNotFoundMessage);
  await deleteConcernRow(store.db, id);
  return { message: 'Complaint deleted successfully' };
}
