// Development aid: times the results and stats repository functions on a seeded database.
import { openDatabase } from '../../../server/src/db';
import * as results from '../../../server/src/modules/results/queries';
import * as stats from '../../../server/src/modules/stats/repository';
import { countAccounts } from '../../../server/src/modules/users/service';
import { createDatabase, type Engine } from '../api/database';
import { seedDatabase } from '../api/seed';

(async () => {
  const engine = (process.env.ENGINE ?? 'sqlite') as Engine;
  const bench = await createDatabase(engine, process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  await seedDatabase(bench, { participants: Number(process.env.N ?? 100000), fresh: 0 });
  const { db, close } = await openDatabase({ dataDir: bench.dataDir, databaseUrl: bench.databaseUrl });
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const from = new Date(Date.UTC(now.getUTCFullYear(), 0, 1)).toISOString();
  const to = new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1)).toISOString();
  const time = async (label: string, fn: () => Promise<unknown>) => {
    const value = await fn();
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      await fn();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      label.padEnd(40),
      'median',
      times[7]!.toFixed(2),
      'ms',
      'max',
      times[14]!.toFixed(2),
      JSON.stringify(value, (_k, v) => (v instanceof Map ? [...v] : v)).slice(0, 90),
    );
  };
  const search = { search: 'okafor' };
  const none = { search: '' };
  await time('countResults search', () => results.countResults(db, search));
  await time('summarizeResults search', () => results.summarizeResults(db, search));
  await time('listResults search', () => results.listResults(db, search, { limit: 25, offset: 0 }));
  await time('countResults none', () => results.countResults(db, none));
  await time('summarizeResults none', () => results.summarizeResults(db, none));
  await time('listResults none', () => results.listResults(db, none, { limit: 25, offset: 0 }));
  await time('countParticipants', () => stats.countParticipants(db, monthStart));
  await time('countQuestions', () => stats.countQuestions(db, monthStart));
  await time('countAccounts', () => countAccounts(db, monthStart));
  await time('countPerMonth participants', () => stats.countPerMonth(db, 'participants', from, to));
  await time('countPerMonth questions', () => stats.countPerMonth(db, 'questions', from, to));
  await close();
  await bench.drop();
})();
