// Development aid (not part of `pnpm bench`): the LCP of one screen with two or more builds of the
// shell side by side, in the bench's lab conditions (4× CPU slowdown, slow 4G, cold loads). Each
// build gets a server and a database of its own; each round loads every build once, in alternating
// order (whichever loads second in a round measured up to 200 ms faster here). Prints each build's
// median and mean, and the mean of the paired differences against the first build.
//
//   VARIANTS=before=/tmp/shell-dist,after=shell/dist RUNS=20 [SCREEN=details|results] [PARTICIPANTS=1000] \
//     node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/lab-ab.ts
import { resolve } from 'node:path';
import { createDatabase, type BenchDatabase } from '../api/database';
import { startBenchServer, type RunningServer } from '../api/processes';
import { seedDatabase } from '../api/seed';
import { adminLogin } from '../api/suite';
import { launchChromium } from '../web/browser';
import { measureLcp } from '../web/lab';
import { details, resultsTable } from '../web/suite';

interface Variant {
  name: string;
  server: RunningServer;
  database: BenchDatabase;
  initScript?: string;
  runs: number[];
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mean = (values: readonly number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);

async function main() {
  const screen = process.env.SCREEN === 'results' ? 'results' : 'details';
  const rounds = Number(process.env.RUNS ?? 10);
  const builds = (process.env.VARIANTS ?? '').split(',').filter(Boolean).map((pair) => pair.split('='));
  if (builds.length < 2 || builds.some(([name, dir]) => !name || !dir)) throw new Error('VARIANTS=name=shell-dist,name=shell-dist (two or more)');
  const variants: Variant[] = [];
  const browser = await launchChromium();
  try {
    for (const [name, dir] of builds) {
      const database = await createDatabase('sqlite');
      await seedDatabase(database, { participants: Number(process.env.PARTICIPANTS ?? 1000), fresh: 0 });
      await database.settle();
      const server = await startBenchServer({ ...database.serverEnv, SHELL_DIST: resolve(dir!) }, database.dataDir);
      const token = screen === 'results' ? await adminLogin(server.url) : undefined;
      variants.push({ name: name!, server, database, ...(token ? { initScript: `localStorage.setItem('token', ${JSON.stringify(token)});` } : {}), runs: [] });
    }
    for (let round = 0; round < rounds; round++) {
      for (const variant of round % 2 ? [...variants].reverse() : variants) {
        const url = `${variant.server.url}${screen === 'results' ? '/dashboard/result' : '/'}`;
        const lcp = await measureLcp(browser, url, screen === 'results' ? resultsTable : details, { runs: 1, ...(variant.initScript ? { initScript: variant.initScript } : {}) });
        variant.runs.push(lcp.ms);
      }
    }
    const [first] = variants;
    for (const variant of variants) {
      const paired = variant.runs.map((ms, i) => ms - first!.runs[i]!);
      console.log(
        `${variant.name}: LCP median ${median(variant.runs)} ms, mean ${mean(variant.runs)} ms` +
          (variant === first ? '' : `, paired difference ${mean(paired)} ms`) +
          ` (${variant.runs.join(' ')})`,
      );
    }
  } finally {
    await browser.close();
    for (const variant of variants) {
      await variant.server.stop();
      await variant.database.drop();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
