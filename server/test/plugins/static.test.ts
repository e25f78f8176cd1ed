import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { build, type TestApp } from '../helpers/build';
import { accountPaintScript, firstPaintElementId, firstPaintScript } from '../../src/plugins/first-paint';

const indexHtml =
  '<!doctype html><html><body><div id="root"></div><script src="/main.3f9a1c2e.js"></script></body></html>';
const immutable = 'public, max-age=31536000, immutable';

let dists: string;
let subject: TestApp;

function write(file: string, content: string | Buffer) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeAll(async () => {
  dists = fs.mkdtempSync(path.join(os.tmpdir(), 'prometrica-dists-'));
  write(path.join(dists, 'shell', 'index.html'), indexHtml);
  write(path.join(dists, 'shell', 'main.3f9a1c2e.js'), 'console.log("shell");');
  write(path.join(dists, 'shell', 'main.3f9a1c2e.js.br'), zlib.brotliCompressSync('console.log("shell");'));
  write(path.join(dists, 'shell', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(path.join(dists, 'participant', 'mf-manifest.json'), '{"name":"participant_app"}');
  write(path.join(dists, 'participant', 'remoteEntry.js'), 'var participant_app;');
  write(path.join(dists, 'participant', 'static', 'js', '482.a1b2c3d4e5.js'), 'chunk();');
  subject = await build({
    SHELL_DIST: path.join(dists, 'shell'),
    PARTICIPANT_DIST: path.join(dists, 'participant'),
    ADMIN_DIST: path.join(dists, 'admin-not-built'),
  });
});
afterAll(async () => {
  await subject.close();
  fs.rmSync(dists, { recursive: true, force: true });
});

/** An admin build's manifest (the remote's entry, nothing exposed) in `adminDir`. */
function writeAdminManifest(adminDir: string) {
  write(
    path.join(adminDir, 'mf-manifest.json'),
    JSON.stringify({
      name: 'admin_app',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      exposes: [],
    }),
  );
}

/** The shell's part of a first paint: its providers' style tags. */
function writeShellPaint() {
  write(
    path.join(dists, 'shell', 'first-paint.json'),
    JSON.stringify({ head: '<style data-mantine-styles="true">:root{}</style>', routes: {} }),
  );
}

const get = (url: string, headers: Record<string, string> = {}) => subject.app.inject({ method: 'GET', url, headers });

/** The shell's page without what the server adds to it (configuration, manifest, preload hints). */
const withoutBootData = (html: string) =>
  html.replace(/<script type="application\/json" id="prometrica-boot">.*?<\/script>(?:<link [^>]*>)*/, '');

describe('hosting the shell', () => {
  it('serves index.html at / without caching', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(withoutBootData(response.body)).toBe(indexHtml);
  });

  it('caches content-hashed files for a year', async () => {
    const response = await get('/main.3f9a1c2e.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.body).toBe('console.log("shell");');
  });

  it('sends the pre-compressed sibling to browsers that accept it', async () => {
    const response = await get('/main.3f9a1c2e.js', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe('console.log("shell");');
  });

  it('revalidates files without a content hash', async () => {
    const response = await get('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/admin', '/dashboard/overview', '/welcome', '/Thankyou', '/consent-form', '/dashboard/users?page=2'])(
    'answers the client route %s with index.html',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(withoutBootData(response.body)).toBe(indexHtml);
    },
  );

  it("puts the runtime configuration, the route's remote manifest and preload hints into the page", async () => {
    const manifest = {
      name: 'participant_app',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      exposes: [
        {
          path: './routes',
          assets: { js: { sync: ['__federation_expose_routes.0a1b2c3d.js'], async: ['9.0a1b2c3d.js'] } },
        },
      ],
    };
    write(path.join(dists, 'participant', 'mf-manifest.json'), JSON.stringify(manifest));
    write(
      path.join(dists, 'shell', 'boot-assets.json'),
      JSON.stringify({
        scripts: ['262.0a1b2c3d.js'],
        styles: ['848.0a1b2c3d.css'],
        later: { '@prometrica/mantine-later': { scripts: ['456.0a1b2c3d.js'], styles: ['180.0a1b2c3d.css'] } },
      }),
    );
    try {
      const page = (await get('/')).body;
      const boot = /<script type="application\/json" id="prometrica-boot">(.*?)<\/script>/.exec(page)?.[1];
      expect(JSON.parse(boot!)).toEqual({
        config: {
          apiBaseUrl: '/api',
          remotes: { participant: '/remotes/participant/mf-manifest.json', admin: '/remotes/admin/mf-manifest.json' },
        },
        manifests: { '/remotes/participant/mf-manifest.json': manifest },
      });
      expect(page).toContain('<link rel="stylesheet" href="/848.0a1b2c3d.css">');
      expect(page).toContain('<link rel="preload" as="script" href="/262.0a1b2c3d.js">');
      expect(page).toContain('<link rel="preload" as="script" href="/remotes/participant/remoteEntry.js">');
      expect(page).toContain(
        '<link rel="preload" as="script" href="/remotes/participant/__federation_expose_routes.0a1b2c3d.js">',
      );
      expect(page).not.toContain('href="/remotes/participant/9.0a1b2c3d.js"');
      // The admin screens do not get the participant remote's files.
      const admin = (await get('/admin')).body;
      expect(admin).not.toContain('/remotes/participant/remoteEntry.js');
      expect(admin).toContain('<link rel="preload" as="script" href="/262.0a1b2c3d.js">');
      // Only the dashboard preloads the libraries the shell otherwise loads later.
      expect(page).not.toContain('456.0a1b2c3d.js');
      expect(admin).not.toContain('456.0a1b2c3d.js');
      expect(page).not.toContain('180.0a1b2c3d.css');
      expect(admin).not.toContain('180.0a1b2c3d.css');
      const dashboard = (await get('/dashboard/result')).body;
      expect(dashboard).toContain('<link rel="preload" as="script" href="/456.0a1b2c3d.js">');
      // Their styles too, as a hint: the shell adds the stylesheet when it loads them, after its own.
      expect(dashboard).toContain('<link rel="preload" as="style" href="/180.0a1b2c3d.css">');
      expect(dashboard).not.toContain('<link rel="stylesheet" href="/180.0a1b2c3d.css">');
      // Compressed for browsers that accept it.
      const compressed = await get('/', { 'accept-encoding': 'br, gzip' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(page);
    } finally {
      write(path.join(dists, 'participant', 'mf-manifest.json'), '{"name":"participant_app"}');
      fs.rmSync(path.join(dists, 'shell', 'boot-assets.json'));
    }
  });

  it("preloads the chunks a dashboard address's screen loads, as the admin build lists them", async () => {
    const adminDir = path.join(dists, 'admin-not-built');
    writeAdminManifest(adminDir);
    write(
      path.join(adminDir, 'route-assets.json'),
      JSON.stringify({
        routes: {
          '/dashboard/result': {
            scripts: ['937.0a1b2c3d.js', 'dashboard-results.0a1b2c3d.js'],
            styles: ['dashboard-results.0a1b2c3d.css'],
          },
          '/dashboard/user-list': { scripts: ['937.0a1b2c3d.js', 'dashboard-users.0a1b2c3d.js'], styles: [] },
        },
      }),
    );
    try {
      const results = (await get('/dashboard/Result/?page=2')).body;
      expect(results).toContain('<link rel="preload" as="script" href="/remotes/admin/remoteEntry.js">');
      expect(results).toContain('<link rel="preload" as="script" href="/remotes/admin/937.0a1b2c3d.js">');
      expect(results).toContain('<link rel="preload" as="script" href="/remotes/admin/dashboard-results.0a1b2c3d.js">');
      expect(results).toContain('<link rel="preload" as="style" href="/remotes/admin/dashboard-results.0a1b2c3d.css">');
      expect(results).not.toContain('dashboard-users');
      const users = (await get('/dashboard/user-list')).body;
      expect(users).toContain('href="/remotes/admin/dashboard-users.0a1b2c3d.js"');
      expect(users).not.toContain('dashboard-results');
      // An address the build does not list, and the sign-in screen, get only the remote's start-up files.
      for (const url of ['/dashboard/no-such-section', '/admin']) {
        const page = (await get(url)).body;
        expect(page).toContain('href="/remotes/admin/remoteEntry.js"');
        expect(page).not.toContain('937.0a1b2c3d.js');
      }
    } finally {
      fs.rmSync(adminDir, { recursive: true, force: true });
    }
  });

  it("puts a remote's first paint of a route into that route's page, with the shell's styles", async () => {
    writeShellPaint();
    write(
      path.join(dists, 'participant', 'first-paint.json'),
      JSON.stringify({
        head: '<style>.x1{}</style>',
        routes: { '/': '<form aria-label="Account information"></form>' },
      }),
    );
    try {
      const page = (await get('/')).body;
      const paint = `<div id="${firstPaintElementId}" data-first-paint=""><style data-mantine-styles="true">:root{}</style><style>.x1{}</style><form aria-label="Account information"></form></div>`;
      expect(page).toContain(`<div id="root">${paint}<script>${firstPaintScript}</script></div>`);
      // The rest of the page is the shell's, as before.
      expect(withoutBootData(page.replace(`${paint}<script>${firstPaintScript}</script>`, ''))).toBe(indexHtml);
      // The call the painted details screen makes as it starts is fetched with the page.
      expect(page).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/participation">');
      expect((await get('/welcome')).body).not.toContain('as="fetch"');
      // The browser runs the script: the policy allows it by its hash.
      const policy = String((await get('/')).headers['content-security-policy']);
      const hash = createHash('sha256').update(firstPaintScript).digest('base64');
      expect(policy).toContain(`'sha256-${hash}'`);
      // Other routes of the remote, and the other remote's, have none.
      for (const url of ['/welcome', '/admin', '/dashboard/overview'])
        expect((await get(url)).body).not.toContain(firstPaintElementId);
      // Without the shell's part (its styles), none either: the screen would be painted unstyled.
      fs.rmSync(path.join(dists, 'shell', 'first-paint.json'));
      expect((await get('/')).body).not.toContain(firstPaintElementId);
    } finally {
      fs.rmSync(path.join(dists, 'shell', 'first-paint.json'), { force: true });
      fs.rmSync(path.join(dists, 'participant', 'first-paint.json'));
    }
  });

  it("paints the dashboard's frame for a browser with an account token, with the stylesheet it is drawn with", async () => {
    const adminDir = path.join(dists, 'admin-not-built');
    writeAdminManifest(adminDir);
    write(
      path.join(adminDir, 'first-paint.json'),
      JSON.stringify({ head: '<style>.frame{}</style>', routes: { '/dashboard/result': '<main>Quiz Results</main>' } }),
    );
    writeShellPaint();
    write(
      path.join(dists, 'shell', 'boot-assets.json'),
      JSON.stringify({
        scripts: [],
        styles: ['980.aa.css'],
        shares: [],
        later: { '@prometrica/mantine-later': { scripts: ['259.bb.js'], styles: ['259.bb.css'] } },
      }),
    );
    try {
      const page = (await get('/dashboard/Result')).body;
      const paint = `<div id="${firstPaintElementId}" data-first-paint=""><style data-mantine-styles="true">:root{}</style><style>.frame{}</style><main>Quiz Results</main></div>`;
      // The script that takes the frame away from a browser without a token, not the visitors' one.
      expect(page).toContain(`<div id="root">${paint}<script>${accountPaintScript}</script></div>`);
      // The frame is laid out with the second part of the stylesheet: linked, not preloaded.
      expect(page).toContain('<link rel="stylesheet" href="/980.aa.css"><link rel="stylesheet" href="/259.bb.css">');
      expect(page).not.toContain('as="style" href="/259.bb.css"');
      expect(page).toContain('<link rel="preload" as="script" href="/259.bb.js">');
      // The policy allows that script by its hash too.
      const policy = String((await get('/dashboard/result')).headers['content-security-policy']);
      expect(policy).toContain(`'sha256-${createHash('sha256').update(accountPaintScript).digest('base64')}'`);
      // A dashboard address without a paint preloads that stylesheet as before, and has no frame.
      const other = (await get('/dashboard/overview')).body;
      expect(other).not.toContain(firstPaintElementId);
      expect(other).toContain('<link rel="preload" as="style" href="/259.bb.css">');
      expect(other).not.toContain('<link rel="stylesheet" href="/259.bb.css">');
    } finally {
      fs.rmSync(adminDir, { recursive: true, force: true });
      fs.rmSync(path.join(dists, 'shell', 'first-paint.json'), { force: true });
      fs.rmSync(path.join(dists, 'shell', 'boot-assets.json'), { force: true });
    }
  });

  it('leaves a first paint out when a build wrote something else than the expected shape', async () => {
    write(path.join(dists, 'shell', 'first-paint.json'), JSON.stringify({ head: 1 }));
    write(
      path.join(dists, 'participant', 'first-paint.json'),
      JSON.stringify({ head: '', routes: { '/': '<p>x</p>' } }),
    );
    try {
      const response = await get('/');
      expect(response.statusCode).toBe(200);
      expect(withoutBootData(response.body)).toBe(indexHtml);
    } finally {
      fs.rmSync(path.join(dists, 'shell', 'first-paint.json'));
      fs.rmSync(path.join(dists, 'participant', 'first-paint.json'));
    }
  });

  it('keeps missing assets and API routes as JSON 404s instead of index.html', async () => {
    for (const url of ['/missing.3f9a1c2e.js', '/api/unknown', '/api', '/remotes/unknown/x.js']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('does not serve files outside the build folder', async () => {
    const escapes = [
      '/..%2f..%2fpackage.json',
      '/%2e%2e/%2e%2e/package.json',
      '/remotes/participant/..%2f..%2fshell/index.html',
    ];
    for (const url of escapes) {
      const response = await get(url);
      expect(response.statusCode).not.toBe(200);
      expect(response.body).not.toContain('"name"');
    }
  });
});

describe('hosting the remotes', () => {
  it('serves a remote manifest and entry without caching, readable from any origin', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const response = await get(`/remotes/participant/${file}`, { origin: 'https://shell.example.com' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('caches hashed remote chunks for a year', async () => {
    const response = await get('/remotes/participant/static/js/482.a1b2c3d4e5.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(immutable);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('picks up files of a redeployed remote without a restart', async () => {
    write(path.join(dists, 'participant', 'static', 'js', '990.0f0e0d0c0b.js'), 'newChunk();');
    const response = await get('/remotes/participant/static/js/990.0f0e0d0c0b.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('newChunk();');
  });

  it('answers 404 (with CORS) for a missing remote file', async () => {
    const response = await get('/remotes/participant/static/js/404.deadbeef.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 503 naming the build when a remote was not built, while the API keeps working', async () => {
    const response = await get('/remotes/admin/mf-manifest.json');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: 'The admin build is missing: run pnpm build' });
    expect((await get('/api/health')).statusCode).toBe(200);
  });

  it('starts serving a remote once its build appears', async () => {
    write(path.join(dists, 'admin-not-built', 'mf-manifest.json'), '{"name":"admin_app"}');
    const response = await get('/remotes/admin/mf-manifest.json');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: 'admin_app' });
  });
});

describe('without a shell build', () => {
  it('answers 503 for pages and still serves the API', async () => {
    const bare = await build();
    try {
      for (const url of ['/', '/dashboard/overview']) {
        const response = await bare.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ message: 'The shell build is missing: run pnpm build' });
      }
      const remote = await bare.app.inject({ method: 'GET', url: '/remotes/participant/mf-manifest.json' });
      expect(remote.statusCode).toBe(503);
      expect(remote.json()).toEqual({ message: 'The participant build is missing: run pnpm build' });
      expect((await bare.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await bare.app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
