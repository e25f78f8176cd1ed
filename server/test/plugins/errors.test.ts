import { z } from 'zod';
import { bodyLimitBytes } from '../../src/app';
import { conflict } from '../../src/lib/http-errors';
import { parse } from '../../src/lib/validation';
import { appForTests } from '../helpers/build';

const subject = appForTests();
beforeAll(() => {
  const { app } = subject;
  app.get('/api/probe/crash', async () => {
    throw new Error('secret internal detail at /srv/app.ts:12');
  });
  app.get('/api/probe/conflict', async () => {
    throw conflict('A category with this name already exists', 'name');
  });
  app.get('/api/probe/zod', async () => z.object({ page: z.number() }).parse({ page: 'one' }));
  app.get('/api/probe/query', async (request) =>
    parse(z.object({ page: z.coerce.number().int().min(1, 'page must be 1 or more') }), request.query, 'query'),
  );
  app.post('/api/probe/echo', async (request) => ({ received: request.body }));
});

/** Posts `payload` to the echo route as `contentType`. */
const echo = (contentType: string, payload: string) =>
  subject.app.inject({ method: 'POST', url: '/api/probe/echo', headers: { 'content-type': contentType }, payload });

describe('error responses', () => {
  it('hides the details of unexpected failures behind a generic 500', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Internal server error' });
    expect(response.body).not.toContain('secret internal detail');
    expect(response.body).not.toContain('at ');
  });

  it('sends the status and message of expected failures', async () => {
    const response = await subject.app.inject({ method: 'GET', url: '/api/probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A category with this name already exists', error: 'name' });
  });

  it('turns validation failures into 400s naming the field and the reason', async () => {
    const zodFailure = await subject.app.inject({ method: 'GET', url: '/api/probe/zod' });
    expect(zodFailure.statusCode).toBe(400);
    expect(zodFailure.json().message).toMatch(/^page: /);

    const badQuery = await subject.app.inject({ method: 'GET', url: '/api/probe/query?page=0' });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json()).toEqual({ message: 'page: page must be 1 or more', error: 'page' });

    const goodQuery = await subject.app.inject({ method: 'GET', url: '/api/probe/query?page=3' });
    expect(goodQuery.json()).toEqual({ page: 3 });
  });

  it('answers 400 for malformed or empty JSON', async () => {
    for (const payload of ['{"a":', '{a: 1}', '']) {
      const response = await echo('application/json', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Invalid JSON body' });
    }
  });

  it('refuses prototype pollution attempts as invalid JSON', async () => {
    const response = await echo('application/json', '{"__proto__": {"admin": true}}');
    expect(response.statusCode).toBe(400);
  });

  it('answers 415 for content types other than JSON', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await echo(contentType, 'email=a@example.com');
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'Unsupported content type: send application/json' });
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await subject.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(bodyLimitBytes) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Request body is too large' });
  });

  it('answers unknown API routes with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await subject.app.inject({ method, url: '/api/does-not-exist' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });
});
