import { demoContentSettingKey } from '../../src/seed';
import { createTestEnvironment, type TestEnvironment } from '../helpers/build';
import { specConcernTitles, specRatingOptions } from '../helpers/spec';

describe('first-start demo content', () => {
  let environment: TestEnvironment;
  beforeAll(async () => {
    environment = await createTestEnvironment();
  });
  afterAll(() => environment.cleanup());

  const contents = async (app: Awaited<ReturnType<TestEnvironment['build']>>) => ({
    categories: await app.db.selectFrom('categories').selectAll().orderBy('created_at').execute(),
    questions: await app.db.selectFrom('questions').selectAll().orderBy('created_at').execute(),
    concerns: await app.db.selectFrom('concerns').selectAll().orderBy('created_at').execute(),
  });

  it('adds four categories of three questions covering every type, and the seven workplace concerns', async () => {
    const app = await environment.build();
    const { categories, questions, concerns } = await contents(app);
    expect(categories.map((category) => category.name)).toEqual([
      'Leadership',
      'Communication',
      'Resilience',
      'Decision Making',
    ]);
    expect(questions).toHaveLength(12);
    for (const category of categories) {
      const own = questions.filter((question) => question.category_id === category.id);
      expect(own.map((question) => question.question_type).sort()).toEqual(['fill_in_the_blanks', 'mcq', 'truefalse']);
    }
    for (const question of questions) {
      const options = JSON.parse(question.options) as string[];
      if (question.question_type === 'mcq') {
        expect(options.length).toBeGreaterThanOrEqual(2);
        expect(options).toContain(question.correct_answer);
      } else if (question.question_type === 'truefalse') {
        expect(options).toEqual(['true', 'false']);
        expect(['true', 'false']).toContain(question.correct_answer);
      } else {
        expect(options).toEqual([]);
        expect(question.question).toMatch(/__+/);
      }
      expect(question.question_lower).toBe(question.question.toLowerCase());
    }
    expect(concerns.map((concern) => concern.title)).toEqual(specConcernTitles);
    for (const concern of concerns) {
      expect(concern.description.length).toBeGreaterThan(10);
      expect(JSON.parse(concern.rating_options)).toEqual(specRatingOptions);
      expect(concern.status).toBe('pending');
    }
    await app.close();
  });

  it('adds nothing on later starts, even after the content was deleted', async () => {
    const second = await environment.build();
    const counts = await contents(second);
    expect([counts.categories.length, counts.questions.length, counts.concerns.length]).toEqual([4, 12, 7]);
    await second.db.deleteFrom('questions').execute();
    await second.db.deleteFrom('categories').execute();
    await second.db.deleteFrom('concerns').execute();
    await second.close();

    const third = await environment.build();
    const after = await contents(third);
    expect([after.categories.length, after.questions.length, after.concerns.length]).toEqual([0, 0, 0]);
    await third.close();
  });

  it('leaves a database that already has content alone', async () => {
    const app = await environment.build();
    await app.db.deleteFrom('settings').where('key', '=', demoContentSettingKey).execute();
    await app.db
      .insertInto('categories')
      .values({
        id: 'own',
        name: 'Own',
        name_lower: 'own',
        created_at: '2024-01-01T00:00:00.000Z',
        updated_at: '2024-01-01T00:00:00.000Z',
      })
      .execute();
    await app.close();

    const reopened = await environment.build();
    const after = await contents(reopened);
    expect(after.categories.map((category) => category.name)).toEqual(['Own']);
    expect(after.questions).toHaveLength(0);
    await reopened.close();
  });
});
