// Development aid: what a results export costs the real server at scale, and how the writers it could
// use compare. Seeds N results (100,000 unless N is set) with 30 answers each on ENGINE (sqlite unless
// set), starts the server as its own process, downloads the CSV and the XLSX export while a client
// asks for getquestion one request after another, and prints for each: seconds, rows a second, the
// server's resident memory before and at its highest (sampled every 50 ms), and getquestion's
// latencies meanwhile. The writers alone (no database, no HTTP): see `export-writers.ts`.
import { readFileSync } from 'node:fs';
import { createDatabase, type Engine } from '../api/database';
import { startBenchServer } from '../api/processes';
import { adminLogin, participantTokens } from '../api/requests';
import { seedDatabase } from '../api/seed';

const residentMb = (pid: number) => {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) / 1024;
};

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

(async () => {
  const engine = (process.env.ENGINE ?? 'sqlite') as Engine;
  const participants = Number(process.env.N ?? 100_000);
  const bench = await createDatabase(engine, process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const seeded = await seedDatabase(bench, { participants, fresh: 0, questions: 30 });
  console.log(`seeded ${participants} results in ${seeded.seconds.toFixed(0)} s`);
  await bench.settle();
  const server = await startBenchServer(bench.serverEnv, bench.dataDir);
  try {
    const token = await adminLogin(server.url);
    const issue = participantTokens();
    const participantToken = issue(seeded.submitted[0]!);
    const formats = (process.env.FORMATS ?? 'csv,xlsx').split(',');
    for (const format of formats) {
      // A warm server: the question set and the statements prepared.
      await fetch(`${server.url}/api/user/getquestion`, { headers: { authorization: `Bearer ${participantToken}` } });
      const before = residentMb(server.pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 50);
      const latencies: number[] = [];
      let exporting = true;
      const asking = (async () => {
        while (exporting) {
          const started = performance.now();
          const response = await fetch(`${server.url}/api/user/getquestion`, {
            headers: { authorization: `Bearer ${participantToken}` },
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const started = performance.now();
      const response = await fetch(`${server.url}/api/admin/results/export?format=${format}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!response.ok) throw new Error(`${format}: ${response.status} ${await response.text()}`);
      let firstByteMs = 0;
      let bytes = 0;
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += read.value.length;
      }
      const seconds = (performance.now() - started) / 1000;
      exporting = false;
      await asking;
      clearInterval(sampler);
      const rows = Number(response.headers.get('x-export-rows'));
      latencies.sort((a, b) => a - b);
      console.log(
        JSON.stringify({
          engine,
          format,
          rows,
          megabytes: Math.round(bytes / 1024 / 102.4) / 10,
          seconds: Math.round(seconds * 10) / 10,
          rowsPerSecond: Math.round(rows / seconds),
          firstByteMs: Math.round(firstByteMs),
          rssBeforeMb: Math.round(before),
          rssPeakMb: Math.round(peak),
          rssAddedMb: Math.round(peak - before),
          getquestion: {
            requests: latencies.length,
            p50Ms: Math.round(percentile(latencies, 0.5)),
            p95Ms: Math.round(percentile(latencies, 0.95)),
            maxMs: Math.round(latencies.at(-1) ?? 0),
          },
        }),
      );
    }
  } catch (error) {
    console.error(server.output().slice(-3000));
    throw error;
  } finally {
    await server.stop();
    await bench.drop();
  }
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
