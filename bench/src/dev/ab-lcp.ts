// Development aid: A/B of lab LCP (the results screen on 100,000 participants, and `/`) between
// an earlier build and the repository's dist folders, alternating cold loads so that both sides
// see the same machine. Copy the earlier build's dist folders into $A_DIST/{shell,participant,admin}
// first. The seeded database is kept in $LCP_DATA (default: a folder in the temp dir) for reruns.
//   A_DIST=... RUNS=9 [ONLY=results|root] node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/ab-lcp.ts
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteFileName } from '../../../server/src/db/sqlite/sqlite';
import { createDatabase } from '../api/database';
import { earlierBuildEnv, startBenchServer } from '../api/processes';
import { seedDatabase } from '../api/seed';
import { adminLogin } from '../api/requests';
import { launchChromium } from '../web/browser';
import { measureLcp } from '../web/lab';
import { details, resultsTable } from '../web/suite';

const aDist = process.env.A_DIST;
const dataRoot = process.env.LCP_DATA ?? join(tmpdir(), 'prometrica-lcp-ab');

/** A seeded data folder per side (each server locks its own). */
async function seededDataDirs(): Promise<[string, string]> {
  const dirs: [string, string] = [join(dataRoot, 'a'), join(dataRoot, 'b')];
  if (!existsSync(join(dirs[0], sqliteFileName))) {
    const database = await createDatabase('sqlite');
    await seedDatabase(database, { participants: 100_000, fresh: 0 });
    for (const dir of dirs) {
      mkdirSync(dir, { recursive: true });
      cpSync(database.dataDir, dir, { recursive: true });
    }
    await database.drop();
  }
  return dirs;
}

(async () => {
  if (!aDist) throw new Error('Set A_DIST to a folder holding the earlier build (shell, participant, admin).');
  const [dataA, dataB] = await seededDataDirs();
  const a = await startBenchServer({ DATA_DIR: dataA, DATABASE_URL: '', ...earlierBuildEnv(aDist) }, dataA);
  const b = await startBenchServer({ DATA_DIR: dataB, DATABASE_URL: '' }, dataB);
  const browser = await launchChromium();
  try {
    const servers = { A: a, B: b };
    const tokens = { A: await adminLogin(a.url), B: await adminLogin(b.url) };
    const out: Record<string, number[]> = { 'A results': [], 'B results': [], 'A root': [], 'B root': [] };
    const rounds = Number(process.env.RUNS ?? 5);
    for (let i = 0; i < rounds; i++) {
      const order: Array<'A' | 'B'> = i % 2 ? ['B', 'A'] : ['A', 'B'];
      for (const side of order) {
        const initScript = `localStorage.setItem('token', ${JSON.stringify(tokens[side])});`;
        if (process.env.ONLY !== 'root')
          out[`${side} results`]!.push(
            (await measureLcp(browser, `${servers[side].url}/dashboard/result`, resultsTable, { runs: 1, initScript }))
              .ms,
          );
        if (process.env.ONLY !== 'results')
          out[`${side} root`]!.push((await measureLcp(browser, `${servers[side].url}/`, details, { runs: 1 })).ms);
      }
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const mean = (values: number[]) => Math.round(values.reduce((sum, value) => sum + value, 0) / values.length);
    for (const [name, values] of Object.entries(out))
      if (values.length)
        console.log(name.padEnd(10), 'median', median(values), 'mean', mean(values), ' runs', values.join(' '));
    // Each round loads both sides, so the differences pair up (the side loaded second in a round
    // measured faster, which the alternating order evens out).
    for (const screen of ['results', 'root']) {
      const [sideA, sideB] = [out[`A ${screen}`]!, out[`B ${screen}`]!];
      if (sideA.length) console.log(`B - A ${screen}`.padEnd(10), 'mean', mean(sideB.map((ms, i) => ms - sideA[i]!)));
    }
  } finally {
    await browser.close();
    await a.stop();
    await b.stop();
  }
})();
