import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressInPlaceUpToBytes, compressReply, PreparedJson, preferredEncoding } from '../../src/lib/json-reply';

import { appForTests } from '../helpers/build';

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0', undefined],
    ['*', 'gzip'],
    ['deflate', undefined],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('compressReply', () => {
  const sized = (bytes: number) => Buffer.from(JSON.stringify({ text: 'an answer, '.repeat(Math.ceil(bytes / 11)) }));

  it.each([
    ['small, in place', sized(3000)],
    ['large, off the main thread', sized(compressInPlaceUpToBytes + 10_000)],
  ])('round-trips a %s reply in both encodings', async (_, body) => {
    const br = await compressReply(body, 'br');
    const gzip = await compressReply(body, 'gzip');
    expect(brotliDecompressSync(br).equals(body)).toBe(true);
    expect(gunzipSync(gzip).equals(body)).toBe(true);
    expect(br.length).toBeLessThan(body.length / 4);
  });

  it('answers small replies at once and large ones later', async () => {
    expect(Buffer.isBuffer(compressReply(sized(3000), 'br'))).toBe(true);
    const large = compressReply(sized(compressInPlaceUpToBytes + 10_000), 'gzip');
    expect(Buffer.isBuffer(large)).toBe(false);
    expect(typeof (large as Promise<Buffer>).then).toBe('function');
    await large;
  });
});

describe('PreparedJson', () => {
  it('holds the same text in every encoding', () => {
    const text = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })) });
    const prepared = new PreparedJson(text);
    expect(prepared.bodyFor(undefined)).toEqual({ body: Buffer.from(text) });
    const br = prepared.bodyFor('br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(text);
    expect(gunzipSync(prepared.bodyFor('gzip').body).toString()).toBe(text);
  });
});

describe('API replies on the wire', () => {
  const subject = appForTests({ signIn: 'admin' });

  const get = (url: string, headers: Record<string, string>) => subject.app.inject({ method: 'GET', url, headers });

  it('compresses replies of 1 KB or more for clients that accept it, and only those', async () => {
    const plain = await get('/api/admin/getquestions?page=1&limit=100', { authorization: `Bearer ${subject.token}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/api/admin/getquestions?page=1&limit=100', {
      authorization: `Bearer ${subject.token}`,
      'accept-encoding': 'br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/admin/getquestions?page=1&limit=100', {
      authorization: `Bearer ${subject.token}`,
      'accept-encoding': 'gzip',
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/category', { authorization: `Bearer ${subject.token}`, 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never compresses public calls, which hand out tokens next to what was typed', async () => {
    const login = await subject.app.inject({
      method: 'POST',
      url: '/api/auth/validateuser',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      payload: JSON.stringify({ email: 'wire@example.com', name: 'x'.repeat(100), phone: '03001234567' }),
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBeUndefined();
    expect(login.json().token).toEqual(expect.any(String));
  });

  it('sends errors as plain JSON', async () => {
    const missing = await get('/api/admin/getquizresult/nope', {
      authorization: `Bearer ${subject.token}`,
      'accept-encoding': 'br',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().message).toEqual(expect.any(String));
  });
});
