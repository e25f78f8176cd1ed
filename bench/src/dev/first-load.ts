// Development aid: the bench's first-load figures alone (JS bytes through the shell against the
// plain build, for the participant details screen and the admin login, and the SurveyJS peer's), from the dist folders as
// they are, in a few seconds. Build first (`pnpm build`; the bench builds the plain baseline).
//   node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/first-load.ts
import { join } from 'node:path';
import { createDatabase } from '../api/database';
import { startBenchServer } from '../api/processes';
import { seedDatabase } from '../api/seed';
import { buildBaselineIfStale } from '../baseline-build';
import { benchRoot } from '../paths';
import { launchChromium } from '../web/browser';
import type { FirstLoad } from '../web/first-load';
import { startStaticSite } from '../web/static-server';
import { measureFirstLoad } from '../web/suite';

const ratio = (shell: FirstLoad, plain: FirstLoad) => (shell.bytes.gzip / plain.bytes.gzip).toFixed(4);

async function main() {
  buildBaselineIfStale(console.log);
  const database = await createDatabase('sqlite');
  await seedDatabase(database, { participants: 10, fresh: 0 });
  const server = await startBenchServer(database.serverEnv, database.dataDir);
  const browser = await launchChromium();
  const plainDetails = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'details'));
  const plainLogin = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'login'));
  const peer = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'peer-surveyjs'));
  try {
    const { peer: surveyjs, ...screens } = await measureFirstLoad(browser, server.url, {
      details: plainDetails.url,
      login: plainLogin.url,
      peer: peer.url,
    });
    console.log(`SurveyJS peer: ${surveyjs.bytes.gzip} B gzip, ${surveyjs.requests} requests`);
    for (const [name, { shell, baseline }] of Object.entries(screens)) {
      console.log(
        `${name}: ${shell.bytes.gzip} B gzip through the shell, ${baseline.bytes.gzip} B plain, ${ratio(shell, baseline)}×; ${shell.requests} requests, chain ${shell.chain.length}`,
      );
      for (const script of shell.scripts) console.log(`  ${script.replace(server.url, '')}`);
    }
  } finally {
    await browser.close();
    await Promise.all([plainDetails.close(), plainLogin.close(), peer.close(), server.stop()]);
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
