import type { Executor } from '../../db/types';

/** A category with how many questions it holds. */
export interface CategoryRecord {
  id: string;
  name: string;
  createdAt: string;
  questionCount: number;
}

/** Category names compare ignoring case (and surrounding spaces). */
export const normalizeCategoryName = (name: string) => name.trim().toLowerCase();

function withQuestionCount(db: Executor) {
  return db.selectFrom('categories').select((eb) => [
    'categories.id',
    'categories.name',
    'categories.created_at',
    eb
      .selectFrom('questions')
      .select((inner) => inner.fn.countAll().as('count'))
      .whereRef('questions.category_id', '=', 'categories.id')
      .as('question_count'),
  ]);
}

type Row = { id: string; name: string; created_at: string; question_count: unknown };

const toRecord = (row: Row): CategoryRecord => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  questionCount: Number(row.question_count ?? 0),
});

/** Every category with its question count, newest first. */
export async function listCategories(db: Executor): Promise<CategoryRecord[]> {
  const rows = await withQuestionCount(db)
    .orderBy('categories.created_at', 'desc')
    .orderBy('categories.id', 'desc')
    .execute();
  return rows.map(toRecord);
}

export async function findCategoryById(db: Executor, id: string): Promise<CategoryRecord | undefined> {
  const row = await withQuestionCount(db).where('categories.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

export async function findCategoryByName(db: Executor, name: string): Promise<CategoryRecord | undefined> {
  const row = await withQuestionCount(db)
    .where('categories.name_lower', '=', normalizeCategoryName(name))
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Inserts a category; a duplicate name (any case) fails with the engine's unique-violation error. */
export async function insertCategory(db: Executor, category: { id: string; name: string; createdAt: string }) {
  await db
    .insertInto('categories')
    .values({
      id: category.id,
      name: category.name,
      name_lower: normalizeCategoryName(category.name),
      created_at: category.createdAt,
      updated_at: category.createdAt,
    })
    .execute();
}

export async function renameCategory(db: Executor, id: string, name: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('categories')
    .set({ name, name_lower: normalizeCategoryName(name), updated_at: updatedAt })
    .where('id', '=', id)
    .execute();
}

export async function deleteCategory(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}
