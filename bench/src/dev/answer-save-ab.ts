// Development aid (not part of `pnpm bench`): answer saves (with WHAT=s,a, a round of submissions
// first, as the bench runs them; with WHAT=q, getquestion as the bench loads it, 50 participants'
// tokens in turn, each run just after one of bare Fastify, with the ratio) of two or more server
// trees against one seeded database, in alternating rounds, so that a change is compared with what it replaces under the same load of the
// machine. Each round starts the side's server afresh on the same database, lets it serve saves of
// participants of their own for WARM seconds, then measures with participants no round has used.
// Each line gives the rate, the latencies, the server's CPU time a request (and each busy thread's:
// the main thread's is `main`; on SQLite the write thread and the checkpointer follow, by thread id),
// PostgreSQL's CPU time a request (every postgres process on the machine) and the load average.
//
//   SIDES=before=/tmp/before,after=/work/main ROUNDS=4 ENGINE=sqlite \
//     node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/answer-save-ab.ts
//
// A side's tree holds `server/` (with its node_modules), `shared-api/` and `config/`, as
// `git archive <commit> server shared-api config package.json tsconfig.base.json` gives them.
// ENGINE=postgres takes DATABASE_URL. N: participants seeded with a submission (the bench's 100,000).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase, type Engine } from '../api/database';
import { runLoad, type LoadResult } from '../api/load';
import { ADMIN_EMAIL, ADMIN_PASSWORD, benchJwtSecret, freePort, startBareServer } from '../api/processes';
import {
  answerSaveRequests,
  currentQuestionSetVersion,
  getquestionLoad,
  participantTokens,
  submissionRequests,
} from '../api/requests';
import { addFreshParticipants, seedDatabase } from '../api/seed';
import { repoRoot } from '../paths';
import { settings } from '../settings';
import { postgresCpuMs, procStat } from './proc-cpu';

interface Side {
  name: string;
  root: string;
}

const sides: Side[] = (process.env.SIDES ?? `current=${repoRoot}`).split(',').map((one) => {
  const [name, root] = one.split('=');
  return { name: name!, root: root ?? repoRoot };
});

async function startServer(side: Side, env: Record<string, string>) {
  const port = await freePort();
  const loader = pathToFileURL(join(side.root, 'server/node_modules/tsx/dist/loader.mjs')).href;
  const child = spawn(process.execPath, ['--import', loader, join(side.root, 'server/src/server.ts')], {
    cwd: side.root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: benchJwtSecret,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ANSWER_SAVES_PER_MINUTE: '999999999',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 300) throw new Error(`${side.name}: the server did not start`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    cpuMs: () => {
      const stat = procStat(`/proc/${child.pid}/stat`);
      return stat ? stat.user + stat.system : 0;
    },
    /** CPU time of each of the server's threads so far, by thread id (the main thread's is the pid). */
    threadMs: () => {
      const out = new Map<string, number>();
      for (const task of readdirSync(`/proc/${child.pid}/task`)) {
        const found = procStat(`/proc/${child.pid}/task/${task}/stat`);
        if (found) out.set(task === String(child.pid) ? 'main' : task, found.user + found.system);
      }
      return out;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const load1 = () => loadavg()[0]!.toFixed(2);

/** The CPU time each thread took between two readings, per request (threads that took little left out). */
function threadShares(before: Map<string, number>, after: Map<string, number>, served: number): string {
  const used = [...after]
    .map(([name, ms]) => [name, ms - (before.get(name) ?? 0)] as const)
    .filter(([, ms]) => (ms * 1000) / served >= 3)
    .sort((a, b) => b[1] - a[1]);
  return used.map(([name, ms]) => `${name} ${Math.round((ms * 1000) / served)}`).join(' ');
}

function line(
  side: string,
  what: string,
  result: LoadResult,
  cpu: { total: number; before: Map<string, number>; after: Map<string, number>; postgres: number },
  load: string,
) {
  const served = result.requests * (1 + settings.warmupSeconds / result.seconds);
  return (
    `${side.padEnd(8)} ${what} ${String(Math.round(result.requestsPerSecond)).padStart(5)}/s` +
    ` p50 ${result.latencyMs.p50} p99 ${String(result.latencyMs.p99).padStart(6)} max ${result.latencyMs.max} ms` +
    ` cpu ${Math.round((cpu.total * 1000) / served)} µs/req (${threadShares(cpu.before, cpu.after, served)})` +
    (cpu.postgres > 0 ? ` PostgreSQL ${Math.round((cpu.postgres * 1000) / served)} µs/req` : '') +
    ` non2xx ${result.non2xx + result.warmupNon2xx + result.errors} load ${load}→${load1()}`
  );
}

async function main() {
  const engine = (process.env.ENGINE ?? 'sqlite') as Engine;
  const rounds = Number(process.env.ROUNDS ?? 3);
  const what = (process.env.WHAT ?? 'a').split(',');
  const database = await createDatabase(engine, process.env.DATABASE_URL || undefined);
  let bareServer: Awaited<ReturnType<typeof startBareServer>> | undefined;
  try {
    const seeded = await seedDatabase(database, {
      participants: Number(process.env.N ?? settings.participants),
      fresh: 0,
    });
    // As many saves (and so savers) for each run as the bench gives one at its floor of 200 a
    // second for each connection (SAVES_PER_SECOND another rate); submissions: 8,000 a second.
    const runs = rounds * sides.length;
    const seconds = settings.seconds + settings.warmupSeconds;
    const saveCount = Number(process.env.SAVES_PER_SECOND ?? settings.connections * 200) * seconds + 500;
    const saversPerRun = Math.ceil(saveCount / seeded.questions.length);
    const savers = await addFreshParticipants(database, saversPerRun * runs, 'saver', { consented: true });
    // A fresh server's code is compiled as it runs: each first serves saves of participants of their
    // own for WARM seconds, unmeasured, as the bench's server has served other calls before.
    const warmSeconds = Number(process.env.WARM ?? 3);
    const warmers = await addFreshParticipants(
      database,
      Math.ceil(saveCount / seeded.questions.length) * runs,
      'warm',
      {
        consented: true,
      },
    );
    const writersPerRun = what.includes('s') ? 8_000 * seconds + 500 : 0;
    const writers = await addFreshParticipants(database, Math.max(1, writersPerRun * runs), 'writer', {
      consented: true,
    });
    const readers = what.includes('q') ? await addFreshParticipants(database, 50, 'reader') : [];
    await database.settle();
    const issue = participantTokens();
    if (what.includes('q')) bareServer = await startBareServer();
    let version: number | undefined;
    let run = 0;
    for (let round = 0; round < rounds; round++) {
      // Alternating which side goes first.
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const server = await startServer(side, database.serverEnv);
        try {
          version ??= await currentQuestionSetVersion(server.url, issue(savers[0]!));
          const mine = savers.slice(run * saversPerRun, (run + 1) * saversPerRun);
          if (warmSeconds > 0) {
            await runLoad(
              server.url,
              {
                name: 'warm-up',
                method: 'POST',
                path: '/api/user/answer',
                once: answerSaveRequests(
                  seeded.questions,
                  warmers.slice(run * saversPerRun, (run + 1) * saversPerRun),
                  saveCount,
                  version,
                ),
              },
              { ...settings, seconds: warmSeconds - 1, warmupSeconds: 1 },
            );
          }
          if (bareServer) {
            // As the bench measures it: bare Fastify, then getquestion at once.
            const bare = await runLoad(bareServer.url, { name: 'bare fastify', method: 'GET', path: '/' }, settings);
            const before = load1();
            const cpu = server.cpuMs();
            const threads = server.threadMs();
            const result = await runLoad(server.url, getquestionLoad(readers.map(issue)), settings);
            const total = server.cpuMs() - cpu;
            const cpuUse = { total, before: threads, after: server.threadMs(), postgres: 0 };
            const ratio = (result.requestsPerSecond / bare.requestsPerSecond).toFixed(3);
            console.log(
              `${line(side.name, 'getq  ', result, cpuUse, before)} bare ${Math.round(bare.requestsPerSecond)}/s ratio ${ratio}`,
            );
          }
          if (what.includes('s')) {
            const before = load1();
            const cpu = server.cpuMs();
            const threads = server.threadMs();
            const postgres = postgresCpuMs();
            const people = writers.slice(run * writersPerRun, (run + 1) * writersPerRun);
            const result = await runLoad(
              server.url,
              {
                name: 'submitanswer',
                method: 'POST',
                path: '/api/user/submitanswer',
                once: submissionRequests(seeded.questions, people, 11 + run, version),
              },
              settings,
            );
            const total = server.cpuMs() - cpu;
            const cpuUse = { total, before: threads, after: server.threadMs(), postgres: postgresCpuMs() - postgres };
            console.log(line(side.name, 'submit', result, cpuUse, before));
          }
          if (what.includes('a')) {
            const before = load1();
            const cpu = server.cpuMs();
            const threads = server.threadMs();
            const postgres = postgresCpuMs();
            const result = await runLoad(
              server.url,
              {
                name: 'answer save',
                method: 'POST',
                path: '/api/user/answer',
                once: answerSaveRequests(seeded.questions, mine, saveCount, version),
              },
              settings,
            );
            const total = server.cpuMs() - cpu;
            const cpuUse = { total, before: threads, after: server.threadMs(), postgres: postgresCpuMs() - postgres };
            console.log(line(side.name, 'save  ', result, cpuUse, before));
          }
        } finally {
          await server.stop();
        }
        run += 1;
      }
    }
  } finally {
    await bareServer?.stop();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
