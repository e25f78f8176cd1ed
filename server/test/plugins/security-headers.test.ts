import { build } from '../helpers/build';
import { createHash } from 'node:crypto';
import { contentSecurityPolicy } from '../../src/plugins/security-headers';
import { firstPaintScript } from '../../src/plugins/first-paint';

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

test("scripts are allowed from the configured remote origins and nowhere else, and inline only the first paint's", () => {
  const csp = contentSecurityPolicy({
    remotes: {
      participant: '/remotes/participant/mf-manifest.json',
      admin: 'https://cdn.example.com/admin/mf-manifest.json',
    },
  });
  const script = csp.split('; ').find((d) => d.startsWith('script-src'));
  const hash = createHash('sha256').update(firstPaintScript).digest('base64');
  expect(script).toBe(`script-src 'self' 'sha256-${hash}' https://cdn.example.com`);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
});
