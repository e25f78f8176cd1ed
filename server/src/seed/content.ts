import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { insertCategory } from '../modules/categories/repository';
import { insertConcerns, newConcerns, standardRatingOptions } from '../modules/concerns/service';
import { insertQuestion } from '../modules/questions/repository';
import { demoCategories, demoConcerns } from './demo-content';

export type DemoContentSeedResult = 'seeded' | 'exists';

/** Settings key marking that first-start content was handled, so it is never added twice. */
export const demoContentSettingKey = 'demo_content_seeded';

/**
 * On the first start of an empty database, adds the demo categories, questions and the seven
 * workplace concerns, in one transaction. The marker row is claimed first: a second server
 * process starting at the same moment waits on it and then does nothing; a database that already
 * has content, or had it and deleted it, is left alone.
 */
export async function seedDemoContent(db: Kysely<Database>): Promise<DemoContentSeedResult> {
  return db.transaction().execute(async (trx) => {
    const start = Date.now();
    const claim = await trx
      .insertInto('settings')
      .values({ key: demoContentSettingKey, value: new Date(start).toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return 'exists';

    for (const table of ['categories', 'questions', 'concerns'] as const) {
      if (await trx.selectFrom(table).select('id').limit(1).executeTakeFirst()) return 'exists';
    }

    // Timestamps step by a millisecond so lists show the content in the order written here.
    let tick = 0;
    const at = () => new Date(start + tick++).toISOString();
    for (const category of demoCategories) {
      const categoryId = randomUUID();
      await insertCategory(trx, { id: categoryId, name: category.name, createdAt: at() });
      for (const question of category.questions) {
        await insertQuestion(trx, { ...question, id: randomUUID(), categoryId, createdAt: at() });
      }
    }
    const concerns = demoConcerns.map((concern) => ({ ...concern, ratingOptions: [...standardRatingOptions] }));
    await insertConcerns(trx, newConcerns(concerns, start + tick));
    return 'seeded';
  });
}
