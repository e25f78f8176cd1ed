import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../postgres/postgres';
import { createResultRowTables } from './tables';

// A submission's answers and category figures are written once and never changed, and always read
// whole (one result's answers; a page of results with their figures). They are now stored as JSON
// text with their result instead of one row each (30 answer rows and about 5 figure rows per
// submission, each with its own id and index entries):
// - `results.categories`: the category figures, `[[name, correct, wrong, total, percent], ...]`;
// - `result_answers`: one row per result, `answers` holding
//   `[[questionId, questionText, userAnswer, correctAnswer, categoryName, isCorrect], ...]` in
//   submission order (kept apart from `results` so that reading results never reads answers).
// Two rows per submission instead of about 36: on SQLite a submission's writes, commit included,
// took well under half as long (measured straight through the driver).

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await sql`alter table results add column categories text not null default '[]'`.execute(db);
  await db.schema
    .createTable('result_answers')
    .addColumn('result_id', 'text', (column) => column.primaryKey().references('results.id').onDelete('cascade'))
    .addColumn('answers', 'text', (column) => column.notNull())
    .execute();

  if (postgres) {
    await sql`
      update results set categories = figures.list
      from (
        select result_id, json_agg(json_build_array(category_name, correct, wrong, total, percent) order by position)::text as list
        from result_categories group by result_id
      ) as figures
      where figures.result_id = results.id`.execute(db);
    await sql`
      insert into result_answers (result_id, answers)
      select result_id,
        json_agg(json_build_array(question_id, question_text, user_answer, correct_answer, category_name, is_correct = 1) order by position)::text
      from answers group by result_id`.execute(db);
  } else {
    await sql`
      update results set categories = (
        select json_group_array(json_array(category_name, correct, wrong, total, percent) order by position)
        from result_categories where result_id = results.id)
      where exists (select 1 from result_categories where result_id = results.id)`.execute(db);
    await sql`
      insert into result_answers (result_id, answers)
      select result_id,
        json_group_array(json_array(question_id, question_text, user_answer, correct_answer, category_name,
          json(case when is_correct = 1 then 'true' else 'false' end)) order by position)
      from answers group by result_id`.execute(db);
  }
  await db.schema.dropTable('answers').execute();
  await db.schema.dropTable('result_categories').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await createResultRowTables(db);

  if (postgres) {
    await sql`
      insert into result_categories (id, result_id, position, category_name, correct, wrong, total, percent)
      select gen_random_uuid()::text, results.id, figure.position - 1, figure.value ->> 0, (figure.value ->> 1)::integer,
        (figure.value ->> 2)::integer, (figure.value ->> 3)::integer, (figure.value ->> 4)::integer
      from results cross join lateral json_array_elements(results.categories::json) with ordinality as figure(value, position)`.execute(
      db,
    );
    await sql`
      insert into answers (id, result_id, position, question_id, question_text, user_answer, correct_answer, category_name, is_correct)
      select gen_random_uuid()::text, result_answers.result_id, answer.position - 1, answer.value ->> 0, answer.value ->> 1,
        answer.value ->> 2, answer.value ->> 3, answer.value ->> 4, case when (answer.value ->> 5)::boolean then 1 else 0 end
      from result_answers cross join lateral json_array_elements(result_answers.answers::json) with ordinality as answer(value, position)`.execute(
      db,
    );
  } else {
    const newId = sql`lower(hex(randomblob(16)))`;
    await sql`
      insert into result_categories (id, result_id, position, category_name, correct, wrong, total, percent)
      select ${newId}, results.id, figure.key, figure.value ->> 0, figure.value ->> 1, figure.value ->> 2, figure.value ->> 3, figure.value ->> 4
      from results, json_each(results.categories) as figure`.execute(db);
    await sql`
      insert into answers (id, result_id, position, question_id, question_text, user_answer, correct_answer, category_name, is_correct)
      select ${newId}, result_answers.result_id, answer.key, answer.value ->> 0, answer.value ->> 1, answer.value ->> 2,
        answer.value ->> 3, answer.value ->> 4, answer.value ->> 5
      from result_answers, json_each(result_answers.answers) as answer`.execute(db);
  }
  await db.schema.dropTable('result_answers').execute();
  await sql`alter table results drop column categories`.execute(db);
}
