// Development aid (not part of `pnpm bench`): the bench's data-out figures alone. Seeds N results
// (100,000 unless N is set) with 30 answers each on ENGINE (sqlite unless set; DATABASE_URL for
// postgres), starts the server, and measures the CSV and XLSX exports and the report PDFs exactly as
// `pnpm bench` does (getquestion at 10 connections beside each export), ROUNDS times (1 unless set)
// on the same server restarted for each round.
import { createDatabase, type Engine } from '../api/database';
import { measureDataOut } from '../api/data-out';
import { startBenchServer } from '../api/processes';
import { adminLogin, getquestionLoad, participantTokens } from '../api/requests';
import { seedDatabase, seedDay } from '../api/seed';

async function main() {
  const engine = (process.env.ENGINE ?? 'sqlite') as Engine;
  const participants = Number(process.env.N ?? 100_000);
  const database = await createDatabase(engine, process.env.DATABASE_URL || undefined);
  try {
    const { now, filter } = seedDay();
    const seeded = await seedDatabase(database, { participants, fresh: 0, now });
    await database.settle();
    for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++) {
      const server = await startBenchServer(database.serverEnv, database.dataDir);
      try {
        const issue = participantTokens();
        const figures = await measureDataOut({
          url: server.url,
          adminToken: await adminLogin(server.url),
          serverPid: server.pid,
          filter,
          expectedRows: seeded.rows.results,
          getquestion: getquestionLoad(seeded.submitted.slice(0, 50).map(issue)),
          loadConnections: 10,
          aloneSeconds: 3,
          reportPdfs: Number(process.env.PDFS ?? 5),
        });
        for (const file of [figures.csv, figures.xlsx]) {
          console.log(
            `${engine} ${file.format}: ${file.seconds} s (first byte ${file.firstByteSeconds} s), ${file.rows} rows, ` +
              `+${file.memory.addedMb} MB, getquestion p99 ${file.getquestion.latencyMs.p99} ms ` +
              `(${file.getquestion.requests} requests; alone ${figures.getquestionAlone.latencyMs.p99} ms)`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
