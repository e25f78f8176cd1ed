import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// Pieces of the migrations' table definitions that more than one migration needs. Each adds what
// the `.addColumn` calls it stands for would add, in the same order, so the schema is unchanged.

/** Adds `names`, in order, as `not null` columns of one type (most columns of every table). */
export function notNull<N extends string>(type: 'text' | 'integer', names: readonly N[]) {
  return <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) =>
    names.reduce<CreateTableBuilder<TB, C | N>>(
      (builder, name) => builder.addColumn(name, type, (column) => column.notNull()),
      table,
    );
}

/** Creates the index `name` on `columns` of `table`. */
export async function createIndex(db: Kysely<unknown>, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

/** Adds the `id` primary key and the `result_id` of a row that belongs to a result. */
const resultRow = <TB extends string>(table: CreateTableBuilder<TB>) =>
  table
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('result_id', 'text', (column) => column.notNull().references('results.id').onDelete('cascade'))
    .$call(notNull('integer', ['position']));

/**
 * A result's category figures and answers, one row each, as migration 0002 created them; 0005
 * moves them into JSON documents and creates them again, the same, when it is undone.
 */
export async function createResultRowTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('result_categories')
    .$call(resultRow)
    .$call(notNull('text', ['category_name']))
    .$call(notNull('integer', ['correct', 'wrong', 'total', 'percent']))
    .execute();
  await createIndex(db, 'result_categories_result_idx', 'result_categories', ['result_id', 'position']);

  // Snapshots: a later edit or deletion of the question does not rewrite a submitted answer.
  await db.schema
    .createTable('answers')
    .$call(resultRow)
    .$call(notNull('text', ['question_id', 'question_text', 'user_answer', 'correct_answer', 'category_name']))
    .addColumn('is_correct', 'integer', (column) => column.notNull().check(sql`is_correct in (0, 1)`))
    .execute();
  await createIndex(db, 'answers_result_idx', 'answers', ['result_id', 'position']);
}
