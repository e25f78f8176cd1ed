// Development aid: a CPU profile of one throttled cold load (4× CPU, slow 4G) of a dashboard
// address against a seeded data folder (e.g. the one ab-lcp.ts keeps), summarised as the busiest
// functions and what ran in each 50 ms of the page's timeline.
//   DATA_DIR=... [PATHNAME=/dashboard/result] [FROM=1400 TO=3000] [TOP=40] [SRC=90] [UNDER=fn] [BRIEF=1]
//   node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/lcp-profile.ts
// SRC prints that many characters of minified source at each function; UNDER keeps only samples
// below a function of that name; BRIEF prints LCP, element count and the React render time only.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchServer } from '../api/processes';
import { adminLogin } from '../api/requests';
import { repoRoot } from '../paths';
import { cpuSlowdown, launchChromium, slow4g } from '../web/browser';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** `length` characters of the built file's source at a profile frame's position. */
function sourceAt(file: string, line: number, column: number, length: number): string {
  for (const dir of ['shell/dist', 'admin-app/dist', 'participant-app/dist']) {
    const folder = join(repoRoot, dir);
    if (!readdirSync(folder).includes(file)) continue;
    const text = readFileSync(join(folder, file), 'utf8').split('\n')[line] ?? '';
    return text.slice(column, column + length).replace(/\s+/g, ' ');
  }
  return '';
}

(async () => {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('Set DATA_DIR to a seeded data folder (ab-lcp.ts keeps two).');
  const browser = await launchChromium();
  const server = await startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir);
  try {
    const token = await adminLogin(server.url);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
    await page.addInitScript(
      `window.__lcp = 0; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });`,
    );
    const cdp = await context.newCDPSession(page);
    let t0 = 0;
    const sent: Array<[number, string]> = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      t0 ||= e.timestamp;
      sent.push([e.timestamp, e.request.url.replace(/^http:\/\/[^/]+/, '')]);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', slow4g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${process.env.PATHNAME ?? '/dashboard/result'}`);
    await page.waitForTimeout(5000);
    const { profile } = await cdp.send('Profiler.stop');
    const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
    const elements = await page.evaluate(() => document.querySelectorAll('*').length);
    const saved = join(tmpdir(), 'prometrica-lcp.cpuprofile');
    writeFileSync(saved, JSON.stringify(profile));

    type ProfileNode = (typeof profile.nodes)[number];
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const chain = (node: ProfileNode) => {
      const nodes: ProfileNode[] = [];
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) nodes.push(byId.get(id)!);
      return nodes;
    };
    const name = (n: ProfileNode) =>
      `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
    const from = env('FROM', 1400);
    const to = env('TO', 3000);
    const total = new Map<string, number>();
    const windows = new Map<number, Map<string, number>>();
    let t = profile.startTime;
    for (let i = 0; i < profile.samples!.length; i++) {
      t += profile.timeDeltas![i]!;
      const at = t / 1000 - t0 * 1000;
      if (at < from || at > to) continue;
      const ms = (profile.timeDeltas![i + 1] ?? 0) / 1000;
      const stack = chain(byId.get(profile.samples![i]!)!);
      if (process.env.UNDER && !stack.some((n) => n.callFrame.functionName === process.env.UNDER)) continue;
      for (const key of new Set(stack.map(name))) total.set(key, (total.get(key) ?? 0) + ms);
      // Each sample is labelled with the frame just below the event loop's own.
      const label = name(stack[Math.max(0, stack.length - 3)]!);
      const bucket = windows.get(Math.floor(at / 50) * 50) ?? new Map<string, number>();
      bucket.set(label, (bucket.get(label) ?? 0) + ms);
      windows.set(Math.floor(at / 50) * 50, bucket);
    }
    const reactMs = [...total]
      .filter(([key]) => key.startsWith('sJ ') || key.startsWith('sX '))
      .reduce((sum, [, ms]) => sum + ms, 0);
    console.log(
      `LCP ${Math.round(lcp)} ms, ${elements} elements, React scheduler ${reactMs.toFixed(0)} ms between ${from} and ${to} ms (profile: ${saved})`,
    );
    if (process.env.BRIEF) return;
    console.log('--- busiest functions (time with the function on the stack)');
    const src = env('SRC', 0);
    for (const [key, ms] of [...total].sort((x, y) => y[1] - x[1]).slice(0, env('TOP', 40))) {
      const at = / ([^ ]+\.js):(\d+):(\d+)$/.exec(key);
      console.log(
        ms.toFixed(1).padStart(7),
        key,
        src && at ? `  «${sourceAt(at[1]!, Number(at[2]), Number(at[3]), src)}»` : '',
      );
    }
    console.log('--- per 50 ms');
    for (const [start, bucket] of [...windows].sort((x, y) => x[0] - y[0])) {
      console.log(
        String(start).padStart(5),
        [...bucket]
          .sort((x, y) => y[1] - x[1])
          .slice(0, 4)
          .map(([key, ms]) => `${ms.toFixed(0)} ${key}`)
          .join(' | '),
      );
    }
    console.log('--- requests sent');
    for (const [at, url] of sent)
      if ((at - t0) * 1000 >= from - 200 && (at - t0) * 1000 <= to)
        console.log(String(Math.round((at - t0) * 1000)).padStart(5), url);
  } finally {
    await server.stop();
    await browser.close();
  }
})();
