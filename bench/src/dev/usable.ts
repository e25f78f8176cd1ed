// Development aid: the lab's "details form usable" and LCP of `/`, through the shell, against the
// plain build and the SurveyJS peer, alternating the sides round by round so that all see the same
// machine. With A_DIST (a folder holding an earlier build's shell, participant and admin dist
// folders), the earlier build is a side too. Build first (`pnpm build`; this builds the baselines).
//   [A_DIST=...] RUNS=5 node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/usable.ts
import { join } from 'node:path';
import { createDatabase } from '../api/database';
import { earlierBuildEnv, startBenchServer } from '../api/processes';
import { seedDatabase } from '../api/seed';
import { buildBaselineIfStale } from '../baseline-build';
import { benchRoot } from '../paths';
import { launchChromium } from '../web/browser';
import { measureLcp, measureUsable, median } from '../web/lab';
import { startStaticSite } from '../web/static-server';
import { details, detailsForm, peerForm } from '../web/suite';

const aDist = process.env.A_DIST;

async function main() {
  buildBaselineIfStale(console.log);
  // A database per server (each locks its own).
  const databases = await Promise.all((aDist ? [0, 1] : [0]).map(() => createDatabase('sqlite')));
  for (const database of databases) await seedDatabase(database, { participants: 10, fresh: 0 });
  const [database, earlierDatabase] = databases as [(typeof databases)[0], (typeof databases)[0] | undefined];
  const server = await startBenchServer(database.serverEnv, database.dataDir);
  const earlier =
    aDist && earlierDatabase
      ? await startBenchServer({ ...earlierDatabase.serverEnv, ...earlierBuildEnv(aDist) }, earlierDatabase.dataDir)
      : undefined;
  const plain = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'details'));
  const peer = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'peer-surveyjs'));
  const browser = await launchChromium();
  const sides = [
    { name: 'shell', url: `${server.url}/`, form: detailsForm, marker: details },
    ...(earlier ? [{ name: 'earlier', url: `${earlier.url}/`, form: detailsForm, marker: details }] : []),
    { name: 'plain', url: `${plain.url}/`, form: detailsForm, marker: details },
    { name: 'peer', url: `${peer.url}/`, form: peerForm, marker: peerForm.marker },
  ];
  const out = new Map<string, { usable: number[]; lcp: number[] }>(sides.map((s) => [s.name, { usable: [], lcp: [] }]));
  try {
    const rounds = Number(process.env.RUNS ?? 5);
    for (let i = 0; i < rounds; i++) {
      const order = i % 2 ? [...sides].reverse() : sides;
      for (const side of order) {
        const figures = out.get(side.name)!;
        figures.usable.push((await measureUsable(browser, side.url, side.form, { runs: 1 })).ms);
        figures.lcp.push((await measureLcp(browser, side.url, side.marker, { runs: 1 })).ms);
      }
    }
    for (const [name, { usable, lcp }] of out)
      console.log(
        `${name.padEnd(8)} usable median ${median(usable)} ms (${usable.join(' ')}), LCP median ${median(lcp)} ms (${lcp.join(' ')})`,
      );
  } finally {
    await browser.close();
    await Promise.all([plain.close(), peer.close(), server.stop(), earlier?.stop()]);
    for (const each of databases) await each.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
