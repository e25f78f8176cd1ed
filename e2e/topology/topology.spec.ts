import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Request, type Response } from '@playwright/test';
import { withClient } from '../../server/test/helpers/scratch-database';
import { goToSection, signInAsAdmin } from '../support/admin';
import { adminApi } from '../support/api';
import { answerCurrent, newParticipant, progress, reachQuiz } from '../support/participant';
import { releaseWithLabel } from '../support/release';
import { ADMIN_EMAIL, ADMIN_PASSWORD, repoRoot } from '../support/server';
import {
  proxyAddress,
  requestFrom,
  startTopology,
  templateFile,
  testClientAgent,
  type AccessLine,
  type Topology,
} from '../support/topology';

// docs/operations.md, "Production topology": what an operator puts in front of the product, run
// here end to end with deploy/nginx/prometrica.conf as the configuration.

const databaseUrl = process.env.DATABASE_URL;

let topology: Topology | undefined;
const started = Date.now();

interface ResultList {
  results: { _id: string; user: { email: string }; userTotals: { totalAnswers: number } }[];
}
interface ResultDetail {
  result: { answers: { userAnswer: string }[] };
}

const hsts = 'max-age=31536000';
const isApi = (line: AccessLine) => line.uri.startsWith('/api/');

/** Waits until the app's access log has `count` answer saves answered 200. */
async function savedAnswers(t: Topology, count: number): Promise<AccessLine[]> {
  let saves: AccessLine[] = [];
  await expect
    .poll(() => {
      saves = t.appLog().filter((line) => line.uri === '/api/user/answer' && line.status === 200);
      return saves.length;
    })
    .toBeGreaterThanOrEqual(count);
  return saves;
}

test.describe('through nginx', () => {
  test.beforeAll(async () => {
    if (!databaseUrl) throw new Error('the topology test runs on PostgreSQL: set DATABASE_URL');
    topology = await startTopology(databaseUrl);
  });

  test.afterAll(async () => {
    await topology?.stop();
  });

  test('the participant journey and an admin session through nginx (TLS, HTTP/2) in front of two processes on PostgreSQL', async ({
    browser,
  }) => {
    const t = topology!;
    const [first, second] = t.servers as [(typeof t.servers)[0], (typeof t.servers)[0]];
    const figures: string[] = [];

    // Plain HTTP redirects to HTTPS; /metrics is not served through the proxy; ready is.
    const redirect = await fetch(`${t.httpOrigin}/dashboard?x=1`, {
      redirect: 'manual',
      headers: { 'user-agent': testClientAgent },
    });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(`${t.appOrigin}/dashboard?x=1`);
    const ca = t.certificate;
    expect((await requestFrom('127.0.0.2', `${t.appOrigin}/metrics`, { ca })).status).toBe(404);
    const ready = await requestFrom('127.0.0.2', `${t.appOrigin}/api/health/ready`, { ca });
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toMatchObject({ status: 'ok', database: 'postgres' });

    // The rate limits count the client's address from nginx's X-Forwarded-For, not the proxy's:
    // five wrong passwords from 127.0.0.2 (each against another email) and the sixth is refused, even
    // with an X-Forwarded-For of its own; 127.0.0.4 still gets through.
    const login = (from: string, n: number, headers: Record<string, string> = {}) =>
      requestFrom(from, `${t.appOrigin}/api/auth/login`, {
        ca,
        method: 'POST',
        headers,
        body: { email: `nobody.${n}@example.com`, password: 'not-the-password-at-all' },
      });
    for (let n = 1; n <= 5; n++) expect((await login('127.0.0.2', n)).status).toBe(401);
    const refused = await login('127.0.0.2', 6, { 'x-forwarded-for': '203.0.113.9' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    const other = await login('127.0.0.4', 7);
    expect(other.status).toBe(401);
    // Every reply carries nginx's request id, which its access log carries too.
    expect(other.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(other.headers['strict-transport-security']).toBe(hsts);
    // (nginx writes the line once the reply is sent, so it may come a moment after.)
    await expect.poll(() => t.appLog().some((line) => line.request_id === other.headers['x-request-id'])).toBe(true);
    const counted = await withClient(t.database.url, (client) =>
      client.query<{ key: string; attempts: number }>(
        "select key, attempts from rate_limits where kind = 'login-address' order by key",
      ),
    );
    expect(counted.rows).toEqual([
      { key: '127.0.0.2', attempts: 6 },
      { key: '127.0.0.4', attempts: 1 },
    ]);
    figures.push(
      `rate limit: counted ${counted.rows.map((r) => `${r.key} × ${r.attempts}`).join(', ')}; ` +
        `127.0.0.2 refused (429) on its 6th attempt (sent with X-Forwarded-For 203.0.113.9), 127.0.0.4 let through`,
    );

    // The admin login before a release: the shell loads the admin remote from the remotes' origin.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${t.appOrigin}/admin`);
    const releaseLine = adminPage.getByText(/^Release /);
    await expect(releaseLine).toBeVisible();
    const before = (await releaseLine.innerText()).replace(/^Release /, '');

    // The participant journey; one process is killed with an answer save in flight at it.
    const context = await browser.newContext();
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    const savesUnanswered = new Set<Request>();
    const isSave = (request: Request) => request.method() === 'POST' && request.url().endsWith('/api/user/answer');
    page.on('request', (request) => isSave(request) && savesUnanswered.add(request));
    page.on('requestfinished', (request) => savesUnanswered.delete(request));
    page.on('requestfailed', (request) => savesUnanswered.delete(request));
    const me = newParticipant('topology');
    await reachQuiz(page, t.appOrigin, me);
    const given: string[] = [];
    given.push(await answerCurrent(page));
    given.push(await answerCurrent(page));
    const saves = await savedAnswers(t, 2);
    const lastUpstream = saves.at(-1)!.upstream;
    const victim = lastUpstream.endsWith(`:${first.port}`) ? first : second;
    const survivor = victim === first ? second : first;
    const victimAddress = `127.0.0.1:${victim.port}`;
    const survivorAddress = `127.0.0.1:${survivor.port}`;
    // The process that saved the last answer stops (SIGSTOP): what nginx sends it from then on waits
    // there. The participant answers on until a save is left waiting (round robin sends every other
    // request there), and the process is killed with that save in flight.
    process.kill(victim.pid, 'SIGSTOP');
    const linesBeforeKill = t.appLog().length;
    let inFlight = false;
    for (let i = 0; i < 4 && !inFlight; i++) {
      given.push(await answerCurrent(page));
      // The other process answers in milliseconds, in well under 3 s on a loaded machine.
      const deadline = Date.now() + 3000;
      while (savesUnanswered.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      inFlight = savesUnanswered.size > 0;
    }
    expect(inFlight).toBe(true);
    await victim.kill9();

    // Nothing the participant did is lost: the page sends the save again (nginx does not resend a
    // POST that reached a process), every answer given is stored, a reload resumes on the next
    // question, and the journey goes on on the other process.
    await savedAnswers(t, given.length);
    await page.reload();
    const { n, total } = await progress(page);
    expect(n).toBe(given.length + 1);
    for (let i = n; i <= total; i++) given.push(await answerCurrent(page));
    await expect(page).toHaveURL(/\/submit$/);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: 'Your responses have been submitted' })).toBeVisible();
    await page.getByRole('link', { name: 'Continue to final assessment' }).click();
    await page
      .getByRole('group', { name: 'Clarity of Expectations' })
      .getByRole('button', { name: 'Quite a Bit' })
      .click();
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await expect(page).toHaveURL(/\/thankyou$/);

    // From the stop on, only what was in flight at the killed process ended there: a POST, answered
    // 502 by nginx; a GET would have gone on to the other process ("127.0.0.1:A, 127.0.0.1:B").
    const afterStop = t.appLog().slice(linesBeforeKill).filter(isApi);
    const endedAtVictim = afterStop.filter((line) => line.upstream.split(', ').at(-1) === victimAddress);
    expect(endedAtVictim.length).toBeGreaterThan(0);
    for (const line of endedAtVictim)
      expect([line.method, line.uri, line.status]).toEqual(['POST', '/api/user/answer', 502]);
    for (const line of afterStop.filter((l) => !endedAtVictim.includes(l)))
      expect(line.upstream.split(', ').at(-1)).toBe(survivorAddress);
    const failedOver = afterStop.filter((line) => line.upstream.includes(', ')).length;
    const serverErrors = responses.filter((response) => response.status() >= 500).length;

    const admin = await adminApi(survivor.url);
    const list = await admin.get<ResultList>(
      `admin/getquizresult?page=1&limit=25&search=${encodeURIComponent(me.email)}`,
    );
    expect(list.results).toHaveLength(1);
    expect(list.results[0]!.userTotals.totalAnswers).toBe(total);
    const detail = await admin.get<ResultDetail>(`admin/getquizresult/${list.results[0]!._id}`);
    expect(detail.result.answers.map((a) => a.userAnswer.toLowerCase())).toEqual(given.map((g) => g.toLowerCase()));
    figures.push(
      `kill: process ${victim.name} (pid ${victim.pid}), which saved answer 2, stopped and killed with ` +
        `${endedAtVictim.length} answer save(s) in flight (nginx: 502, the page sent it again); ` +
        `${afterStop.length - endedAtVictim.length} other API requests since answered by ${survivor.name} ` +
        `(${failedOver} of them tried on the killed one first); ${serverErrors} 5xx seen by the browser; ` +
        `the result holds all ${total} answers as given`,
    );

    // A new admin release copied over the remote's folder is picked up on the next load.
    const label = `topology-${Date.now().toString(36)}`;
    const written = releaseWithLabel(join(repoRoot, 'admin-app/dist'), join(t.remotesRoot, 'admin'), before, label);
    await adminPage.reload();
    await expect(adminPage.getByText(`Release ${label}`)).toBeVisible();
    figures.push(`release: admin ${before} → ${label} (${written.join(', ')} written) seen on reload`);

    // An admin session on the new release, on the process left: the participant's result is there.
    await signInAsAdmin(adminPage, t.appOrigin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await goToSection(adminPage, 'Results');
    await adminPage.getByLabel('Search results').fill(me.email);
    await expect(adminPage.getByRole('button', { name: `View result of ${me.name}` }).first()).toBeVisible();

    // HSTS on the app's pages and API and on the remotes' files.
    const page1 = responses.find((r) => r.url() === `${t.appOrigin}/`)!;
    const api = responses.find((r) => r.url().startsWith(`${t.appOrigin}/api/`))!;
    const manifest = responses.find((r) => r.url() === `${t.remotesOrigin}/participant/mf-manifest.json`)!;
    for (const response of [page1, api, manifest]) {
      expect(await response.headerValue('strict-transport-security'), response.url()).toBe(hsts);
    }
    // The remotes' origin: open to the shell's origin, entry points revalidated, hashed files kept.
    const chunk = responses.find((r) => /^\/participant\/.+\.[0-9a-f]{8,}\.js$/.test(new URL(r.url()).pathname))!;
    expect(await manifest.headerValue('access-control-allow-origin')).toBe('*');
    expect(await manifest.headerValue('cache-control')).toBe('no-cache');
    expect(await chunk.headerValue('cache-control')).toBe('public, max-age=31536000, immutable');

    // Every request of the browsers went over HTTP/2, to both origins; the remotes came from theirs.
    const fromBrowser = (lines: AccessLine[]) => lines.filter((line) => line.user_agent !== testClientAgent);
    const appLines = fromBrowser(t.appLog());
    const remoteLines = fromBrowser(t.remotesLog());
    const browserLines = [...appLines, ...remoteLines];
    const protocols = new Map<string, number>();
    for (const line of browserLines) protocols.set(line.protocol, (protocols.get(line.protocol) ?? 0) + 1);
    expect([...protocols.keys()]).toEqual(['HTTP/2.0']);
    expect(appLines.filter((line) => line.uri.startsWith('/remotes/'))).toEqual([]);
    for (const remote of ['participant', 'admin'])
      expect(remoteLines.some((line) => line.uri === `/${remote}/remoteEntry.js` && line.status === 200)).toBe(true);
    // Both processes served the journey before the stop (round robin).
    const upstreams = new Set(
      t
        .appLog()
        .slice(0, linesBeforeKill)
        .filter((line) => line.upstream !== '') // answered by nginx itself (/metrics)
        .flatMap((line) => line.upstream.split(', ')),
    );
    expect(upstreams).toEqual(new Set([`127.0.0.1:${first.port}`, `127.0.0.1:${second.port}`]));
    // The proxy's own address was never counted by a rate limit; the browser's was.
    const keys = await withClient(t.database.url, (client) =>
      client.query<{ kind: string; key: string }>('select kind, key from rate_limits order by kind, key'),
    );
    expect(keys.rows.filter((row) => row.key === proxyAddress || row.key === '203.0.113.9')).toEqual([]);
    expect(keys.rows).toContainEqual({ kind: 'details-address', key: '127.0.0.1' });
    figures.unshift(
      `HTTP/2: ${browserLines.length} of ${browserLines.length} browser requests (${appLines.length} to the app, ` +
        `${remoteLines.length} to the remotes' origin); app processes that answered before the stop: ${[...upstreams].join(', ')}`,
    );
    figures.push(`run time: ${((Date.now() - started) / 1000).toFixed(1)} s (start of the topology included)`);
    for (const line of figures) console.log(`topology: ${line}`);
    test.info().annotations.push(...figures.map((description) => ({ type: 'figure', description })));
    await adminContext.close();
    await context.close();
  });
});

test('the nginx configuration docs/operations.md shows is the one this test runs', () => {
  const doc = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8');
  const section = doc.slice(
    doc.indexOf('## Production topology'),
    doc.indexOf('\n## ', doc.indexOf('## Production topology') + 1),
  );
  const shown = [...section.matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => match[1]!);
  expect(shown.length).toBeGreaterThan(0);
  const template = readFileSync(templateFile, 'utf8');
  for (const excerpt of shown) expect(template, excerpt).toContain(excerpt);
});
