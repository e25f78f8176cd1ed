import { categoryListResponseSchema, categoryResponseSchema } from '@prometrica/shared-api/contract';
import { appForTests } from '../helpers/build';
import { call } from '../helpers/api';

const subject = appForTests({ signIn: 'superadmin' });

const create = (name: unknown) =>
  call(subject.app, 'POST', '/api/category', { token: subject.token, payload: { name } });
const listAll = async () =>
  categoryListResponseSchema.parse((await call(subject.app, 'GET', '/api/category', { token: subject.token })).json())
    .categories;

describe('categories', () => {
  it('creates a category (201) and lists it first, with its question count', async () => {
    const response = await create('  Emotional Intelligence ');
    expect(response.statusCode).toBe(201);
    const { category } = categoryResponseSchema.strict().parse(response.json());
    expect(category).toMatchObject({ name: 'Emotional Intelligence', questionCount: 0 });

    const categories = await listAll();
    expect(categories[0]).toEqual(category);
    // The demo content: four categories with three questions each.
    expect(categories.filter((c) => c.name === 'Leadership')).toEqual([expect.objectContaining({ questionCount: 3 })]);
    const created = categories.map((c) => c.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('refuses a name that exists in any case (409)', async () => {
    const response = await create('LEADERSHIP');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A category named "LEADERSHIP" already exists', error: 'name' });
  });

  it("renames, refusing another category's name, and answers 404 for an unknown id", async () => {
    const { category } = (await create('Temporary')).json();
    const renamed = await call(subject.app, 'PUT', `/api/category/${category._id}`, {
      token: subject.token,
      payload: { name: 'Permanent' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().category).toMatchObject({ _id: category._id, name: 'Permanent' });
    // Changing only the case of its own name is fine.
    expect(
      (
        await call(subject.app, 'PUT', `/api/category/${category._id}`, {
          token: subject.token,
          payload: { name: 'PERMANENT' },
        })
      ).statusCode,
    ).toBe(200);

    const taken = await call(subject.app, 'PUT', `/api/category/${category._id}`, {
      token: subject.token,
      payload: { name: 'resilience' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A category named "resilience" already exists');
    const unknown = await call(subject.app, 'PUT', '/api/category/nope', {
      token: subject.token,
      payload: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Category not found' });
  });

  it('deletes only a category without questions', async () => {
    const leadership = (await listAll()).find((c) => c.name === 'Leadership')!;
    const refused = await call(subject.app, 'DELETE', `/api/category/${leadership._id}`, { token: subject.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'This category still has 3 questions. Move or delete them first.' });

    const { category } = (await create('Empty One')).json();
    const deleted = await call(subject.app, 'DELETE', `/api/category/${category._id}`, { token: subject.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Category deleted successfully', category: { _id: category._id } });
    expect(
      (await call(subject.app, 'DELETE', `/api/category/${category._id}`, { token: subject.token })).statusCode,
    ).toBe(404);
  });

  it('names a missing or too long name', async () => {
    expect((await create('   ')).json()).toEqual({ message: 'name: name is required', error: 'name' });
    expect((await create('x'.repeat(101))).json()).toEqual({
      message: 'name: name must be at most 100 characters',
      error: 'name',
    });
    expect((await create(5)).json()).toEqual({ message: 'name: name is required', error: 'name' });
  });
});
