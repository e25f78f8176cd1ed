import { concernListResponseSchema, concernsCreatedResponseSchema } from '@prometrica/shared-api/contract';
import { appForTests } from '../helpers/build';
import { call } from '../helpers/api';

const subject = appForTests({ signIn: 'admin' });

const create = (payload: unknown) =>
  call(subject.app, 'POST', '/api/complaint/create-complaint', { token: subject.token, payload });
const listAll = async () =>
  concernListResponseSchema
    .strict()
    .parse((await call(subject.app, 'GET', '/api/complaint/getAll', { token: subject.token })).json()).complaints;

describe('workplace concerns (admins)', () => {
  it('creates a list of concerns (201), pending, reported by Admin unless named, blank options dropped', async () => {
    const response = await create([
      { title: ' Noise ', description: 'Open office noise', botherOptions: ['A little', ' ', 'A lot '] },
      { title: 'Parking', description: 'Too few spaces', reporterName: 'Facilities' },
    ]);
    expect(response.statusCode).toBe(201);
    const { complaints: concerns } = concernsCreatedResponseSchema.strict().parse(response.json());
    expect(concerns).toEqual([
      expect.objectContaining({
        title: 'Noise',
        botherOptions: ['A little', 'A lot'],
        status: 'pending',
        reporterName: 'Admin',
      }),
      expect.objectContaining({ title: 'Parking', botherOptions: [], reporterName: 'Facilities' }),
    ]);
    // Newest first: the later of the batch, then the earlier, then the seven seeded concerns.
    const all = await listAll();
    expect(all.slice(0, 2).map((concern) => concern.title)).toEqual(['Parking', 'Noise']);
    expect(all).toHaveLength(9);
  });

  it('edits title, description, options and status; answers 404 for an unknown id', async () => {
    const [concern] = (await create([{ title: 'Lighting', description: 'Too dark' }])).json().complaints;
    const edited = await call(subject.app, 'PUT', `/api/complaint/edit/${concern._id}`, {
      token: subject.token,
      payload: {
        id: concern._id,
        title: 'Lighting',
        description: 'Too dim',
        botherOptions: ['Some'],
        status: 'resolved',
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().complaint).toMatchObject({
      description: 'Too dim',
      botherOptions: ['Some'],
      status: 'resolved',
      reporterName: 'Admin',
    });

    const badStatus = await call(subject.app, 'PUT', `/api/complaint/edit/${concern._id}`, {
      token: subject.token,
      payload: { title: 'x', description: 'y', status: 'closed' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error).toBe('status');

    const unknown = await call(subject.app, 'PUT', '/api/complaint/edit/nope', {
      token: subject.token,
      payload: { title: 'x', description: 'y' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Complaint not found' });
  });

  it('deletes a concern', async () => {
    const [concern] = (await create([{ title: 'Short-lived', description: 'Gone soon' }])).json().complaints;
    const deleted = await call(subject.app, 'DELETE', `/api/complaint/delete/${concern._id}`, { token: subject.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Complaint deleted successfully' });
    expect((await listAll()).some((c) => c._id === concern._id)).toBe(false);
    expect(
      (await call(subject.app, 'DELETE', `/api/complaint/delete/${concern._id}`, { token: subject.token })).statusCode,
    ).toBe(404);
  });

  it('names what is wrong in a bad list', async () => {
    expect((await create([])).json()).toEqual({ message: 'body: at least one complaint is required', error: 'body' });
    expect((await create({ title: 'x', description: 'y' })).json().message).toBe(
      'body: body must be a list of complaints',
    );
    expect((await create([{ title: 'x' }])).json()).toEqual({
      message: '0.description: description is required',
      error: '0.description',
    });
    const tooManyOptions = await create([
      { title: 'x', description: 'y', botherOptions: Array.from({ length: 11 }, (_, i) => `o${i}`) },
    ]);
    expect(tooManyOptions.json().message).toBe('0.botherOptions: botherOptions can have at most 10 entries');
  });
});
