// Development aid: how long the page's main thread is blocked after the first paint of an address
// (cold, on the lab profile: 4× slower CPU, slow 4G), an earlier build (A_DIST, a folder holding its
// shell, participant and admin dist folders) against this one, alternating round by round. Blocked:
// each long task's time beyond 50 ms, from the largest contentful paint until the live screen has
// replaced the painted one and 1.5 s more. Build first (`pnpm build`).
//   A_DIST=... [RUNS=6] [PATHNAME=/] node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/blocking-ab.ts
import { createDatabase } from '../api/database';
import { earlierBuildEnv, startBenchServer } from '../api/processes';
import { seedDatabase } from '../api/seed';
import { launchChromium } from '../web/browser';
import { coldRuns, lcpObserver, median } from '../web/lab';

/** Records, in the page, every long task as [start, duration] in `window.__longTasks`. */
const longTaskRecorder = `(() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
})();`;

interface Figures {
  lcp: number[];
  blocked: number[];
  longest: number[];
}

async function main() {
  const aDist = process.env.A_DIST;
  if (!aDist) throw new Error('Set A_DIST to a folder holding an earlier build (shell, participant, admin)');
  const databases = [await createDatabase('sqlite'), await createDatabase('sqlite')] as const;
  for (const database of databases) await seedDatabase(database, { participants: 10, fresh: 0 });
  const earlier = await startBenchServer(
    { ...databases[0].serverEnv, ...earlierBuildEnv(aDist) },
    databases[0].dataDir,
  );
  const current = await startBenchServer(databases[1].serverEnv, databases[1].dataDir);
  const browser = await launchChromium();
  const pathname = process.env.PATHNAME ?? '/';
  const sides = [
    { name: 'earlier', server: earlier },
    { name: 'this', server: current },
  ];
  const out = new Map<string, Figures>(sides.map((side) => [side.name, { lcp: [], blocked: [], longest: [] }]));
  try {
    for (let round = 0; round < Number(process.env.RUNS ?? 6); round++) {
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const [run] = await coldRuns(browser, 1, [lcpObserver, longTaskRecorder], async (page) => {
          await page.goto(`${side.server.url}${pathname}`, { waitUntil: 'commit', timeout: 60_000 });
          await page.locator('[data-first-paint]').waitFor({ state: 'detached', timeout: 60_000 });
          await page.waitForTimeout(1500);
          return page.evaluate(() => {
            const recorded = globalThis as unknown as { __longTasks: Array<[number, number]>; __lcp: number };
            return { longTasks: recorded.__longTasks, lcp: recorded.__lcp };
          });
        });
        const { longTasks, lcp } = run!;
        const after = longTasks.filter(([start, duration]) => start + duration > lcp);
        const figures = out.get(side.name)!;
        figures.lcp.push(Math.round(lcp));
        figures.blocked.push(Math.round(after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)));
        figures.longest.push(Math.round(Math.max(0, ...after.map(([, duration]) => duration))));
      }
    }
    for (const [name, { lcp, blocked, longest }] of out)
      console.log(
        `${name.padEnd(8)} LCP median ${median(lcp)} ms (${lcp.join(' ')}); blocked after it ${median(blocked)} ms (${blocked.join(' ')}); longest task ${median(longest)} ms (${longest.join(' ')})`,
      );
  } finally {
    await browser.close();
    await Promise.all([earlier.stop(), current.stop()]);
    for (const database of databases) await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
