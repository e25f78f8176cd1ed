import { appForTests, build, expectedDialect } from '../helpers/build';

describe('GET /api/health', () => {
  const subject = appForTests();

  it('answers ok and names the database engine in use', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: expectedDialect });
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = await build();
    try {
      await broken.app.db.destroy();
      const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'Database unavailable' });
    } finally {
      await broken.close();
    }
  });
});
