import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { apiRouteTable } from '../../src/modules';
import { build } from '../helpers/build';
import { call, newParticipant, submitAll } from '../helpers/api';
import { createTestUser } from '../helpers/users';
import { contentSecurityPolicy } from '../../src/plugins/security-headers';
import { accountPaintScript, firstPaintScript } from '../../src/plugins/first-paint';

describe('security headers', () => {
  let ctx: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    ctx = await build();
  });
  afterAll(async () => ctx.close());

  test.each(['/api/health', '/api/no-such-route'])(
    'the API reply %s carries a policy that allows nothing',
    async (url) => {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['referrer-policy']).toBeUndefined(); // a document's policy: the API sends none
    },
  );

  test.each(['/config.json', '/', '/dashboard/overview'])('%s carries the security headers', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
  });
});

test("scripts are allowed from the configured remote origins and nowhere else, and inline only the first paints'", () => {
  const csp = contentSecurityPolicy({
    remotes: {
      participant: '/remotes/participant/mf-manifest.json',
      admin: 'https://cdn.example.com/admin/mf-manifest.json',
    },
  });
  const script = csp.split('; ').find((d) => d.startsWith('script-src'));
  const hash = (inline: string) => createHash('sha256').update(inline).digest('base64');
  expect(script).toBe(
    `script-src 'self' 'sha256-${hash(firstPaintScript)}' 'sha256-${hash(accountPaintScript)}' https://cdn.example.com`,
  );
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
});

describe('Cache-Control and Strict-Transport-Security', () => {
  let ctx: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    ctx = await build();
  });
  afterAll(async () => ctx.close());

  it('marks the replies that carry a token or personal data no-store, each with its usual status', async () => {
    const { app } = ctx;
    const admin = await createTestUser(app, { role: 'superadmin' });
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: admin.email, password: admin.password },
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    const participant = await newParticipant(app);
    expect((await submitAll(app, participant.token)).statusCode).toBe(201);
    const results = await call(app, 'GET', '/api/admin/getquizresult', { token });
    const resultId = results.json<{ results: Array<{ _id: string }> }>().results[0]!._id;
    const replies: Array<[string, LightMyRequestResponse, number]> = [
      ['login', login, 200],
      ['getquizresult', results, 200],
      [
        'validateuser',
        await call(app, 'POST', '/api/auth/validateuser', {
          payload: { email: 'cache@example.com', name: 'Cache Person', phone: '03001234567' },
        }),
        200,
      ],
      ['checkauth', await call(app, 'GET', '/api/auth/checkauth', { token }), 200],
      ['getallusers', await call(app, 'GET', '/api/admin/getallusers', { token }), 200],
      ['getquizresult/:id', await call(app, 'GET', `/api/admin/getquizresult/${resultId}`, { token }), 200],
      ['get-all-complaints', await call(app, 'GET', '/api/complaint-bother/get-all-complaints', { token }), 200],
      ['participants', await call(app, 'GET', '/api/admin/participants', { token }), 200],
      [
        'invite',
        await call(app, 'POST', '/api/admin/invitations', {
          token,
          payload: { email: 'invited-cache@example.com', name: 'Invited Person', send: false },
        }),
        201,
      ],
      ['invitations export', await call(app, 'GET', '/api/admin/invitations/export', { token }), 200],
      ['progress', await call(app, 'GET', '/api/user/progress', { token: participant.token }), 200],
      ['getuserresponse', await call(app, 'GET', '/api/user/getuserresponse', { token: participant.token }), 200],
      ['a refusal', await call(app, 'GET', '/api/admin/getallusers'), 401],
      ['an unknown route', await call(app, 'GET', '/api/no-such-route'), 404],
    ];
    for (const [name, response, status] of replies) {
      expect({ name, status: response.statusCode, cache: response.headers['cache-control'] }).toEqual({
        name,
        status,
        cache: 'no-store',
      });
    }
  });

  it('marks every route of the API no-store, whatever it answers', async () => {
    for (const route of apiRouteTable) {
      const url = `/api${route.url.replace(/:id\b/g, 'no-such-id')}`;
      const response = await ctx.app.inject({
        method: route.method,
        url,
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      expect({ url, cache: response.headers['cache-control'] }).toEqual({ url, cache: 'no-store' });
    }
  });

  it('leaves the public API reference, the runtime config and the pages cacheable as before', async () => {
    for (const url of ['/api/docs', '/api/docs/openapi.json', '/config.json']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect({ url, cache: response.headers['cache-control'] }).toEqual({ url, cache: 'no-cache' });
    }
  });

  it('sends no Strict-Transport-Security unless told the server runs behind HTTPS', async () => {
    for (const url of ['/api/health', '/config.json', '/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('behind HTTPS (BEHIND_HTTPS=true)', () => {
  let ctx: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    ctx = await build({ BEHIND_HTTPS: 'true' });
  });
  afterAll(async () => ctx.close());

  it('sends Strict-Transport-Security for a year on the API, the pages and the runtime config', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/config.json', '/', '/api/docs']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect({ url, hsts: response.headers['strict-transport-security'] }).toEqual({
        url,
        hsts: 'max-age=31536000',
      });
    }
  });
});
