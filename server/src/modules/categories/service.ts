import { randomUUID } from 'node:crypto';
import type { Category, CategoryListResponse, CategoryResponse } from '@prometrica/shared-api/contract';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import type { Store } from '../../db/types';
import { conflict, found } from '../../lib/http-errors';
import {
  deleteCategory as deleteCategoryRow,
  findCategoryById,
  insertCategory,
  listCategories,
  renameCategory,
  type CategoryRecord,
} from './repository';
import { questionSet } from '../questions/service';

export { findCategoryByName } from './repository';

export const categoryNotFoundMessage = 'Category not found';
export const duplicateCategoryMessage = (name: string) => `A category named "${name}" already exists`;

const toCategory = (record: CategoryRecord): Category => ({
  _id: record.id,
  name: record.name,
  createdAt: record.createdAt,
  questionCount: record.questionCount,
});

/** `POST category`: names are unique ignoring case. */
export async function createCategory(store: Store, name: string): Promise<CategoryResponse> {
  const createdAt = new Date().toISOString();
  const id = randomUUID();
  try {
    await insertCategory(store.db, { id, name, createdAt });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateCategoryMessage(name), 'name');
    throw error;
  }
  return { message: 'Category created successfully', category: { _id: id, name, createdAt, questionCount: 0 } };
}

/** `GET category`: every category with its question count, newest first. */
export async function getCategories(store: Store): Promise<CategoryListResponse> {
  return { categories: (await listCategories(store.db)).map(toCategory) };
}

/** `PUT category/{id}`: renames; another category's name (any case) is a 409. */
export async function updateCategory(store: Store, id: string, name: string): Promise<CategoryResponse> {
  const existing = found(await findCategoryById(store.db, id), categoryNotFoundMessage);
  try {
    await renameCategory(store.db, id, name, new Date().toISOString());
    questionSet(store).invalidate();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(duplicateCategoryMessage(name), 'name');
    throw error;
  }
  return { message: 'Category updated successfully', category: toCategory({ ...existing, name }) };
}

/** `DELETE category/{id}`: only an empty category; its questions must be moved or deleted first. */
export async function deleteCategory(store: Store, id: string): Promise<CategoryResponse> {
  const outcome = store.db.transaction().execute(async (trx) => {
    const existing = found(await findCategoryById(trx, id), categoryNotFoundMessage);
    if (existing.questionCount > 0) {
      const noun = existing.questionCount === 1 ? 'question' : 'questions';
      throw conflict(`This category still has ${existing.questionCount} ${noun}. Move or delete them first.`);
    }
    await deleteCategoryRow(trx, id);
    return { message: 'Category deleted successfully', category: toCategory(existing) };
  });
  try {
    return await outcome;
  } catch (error) {
    // A question was added to it in the meantime.
    if (isForeignKeyViolation(error)) throw conflict('This category still has questions. Move or delete them first.');
    throw error;
  }
}
