// Development aid (not part of `pnpm bench`): seeds a database, starts the server (with --cpu-prof
// when PROF is set; more node flags in NODE_FLAGS, e.g. --trace-gc), loads one call, and prints the
// server's CPU time per request, the share of each of its threads and, with PROF, where it went.
import { spawn } from 'node:child_process';
import pg from 'pg';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase, type Engine } from '../api/database';
import { cpuShares, cpuTimesByKind } from '../api/host-steal';
import { runLoad } from '../api/load';
import { ADMIN_EMAIL, ADMIN_PASSWORD, benchJwtSecret, freePort } from '../api/processes';
import { searchTerm } from '../api/rows';
import { addFreshParticipants, seedDatabase } from '../api/seed';
import {
  adminLogin,
  answerSaveRequests,
  currentQuestionSetVersion,
  participantTokens,
  submissionRequests,
} from '../api/requests';
import { runBareBaseline } from '../api/suite';
import { repoRoot } from '../paths';
import { postgresCpuMs, procStat } from './proc-cpu';

async function main() {
  const engine = (process.env.ENGINE ?? 'sqlite') as Engine;
  const what = process.env.WHAT ?? 'q';
  const db = await createDatabase(engine, process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
  const seeded = await seedDatabase(db, { participants: Number(process.env.N ?? 2000), fresh: 0 });
  const people = await addFreshParticipants(db, Number(process.env.PEOPLE ?? 60000), 'w', { consented: true });
  // PostgreSQL: SQL to run before the server starts (SQL), and the WAL and checkpoints of each case.
  const pgClient = db.databaseUrl ? new pg.Client({ connectionString: db.databaseUrl }) : undefined;
  await pgClient?.connect();
  if (pgClient && process.env.SQL) await pgClient.query(process.env.SQL);
  if (process.env.SETTLE) await db.settle();
  const pgCounters = async () => {
    if (!pgClient) return undefined;
    const { rows } = await pgClient.query<{ wal: string; req: string; timed: string }>(
      `select pg_current_wal_lsn() - '0/0' as wal, checkpoints_req as req, checkpoints_timed as timed from pg_stat_bgwriter`,
    );
    return { wal: Number(rows[0]!.wal), checkpoints: Number(rows[0]!.req) + Number(rows[0]!.timed) };
  };
  const port = await freePort();
  const loader = pathToFileURL(join(repoRoot, 'server/node_modules/tsx/dist/loader.mjs')).href;
  const dir = join(tmpdir(), 'prometrica-profile');
  rmSync(dir, { recursive: true, force: true });
  const child = spawn(
    process.execPath,
    [
      ...(process.env.NODE_FLAGS ? process.env.NODE_FLAGS.split(' ') : []),
      ...(process.env.PROF ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : []),
      '--import',
      loader,
      join(repoRoot, 'server/src/server.ts'),
    ],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        ...db.serverEnv,
        JWT_SECRET: benchJwtSecret,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'warn',
        // As in the bench: one address sends everything, so the per-address bound is set out of reach.
        ANSWER_SAVES_PER_MINUTE: '999999999',
      },
    },
  );
  // The server is stopped however the measuring ends (a pool of participants that runs out, say).
  const exited = new Promise((r) => child.once('exit', r));
  try {
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) break;
      } catch {
        // Not listening yet: ask again.
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const issue = participantTokens();
    const admin = await adminLogin(url);
    let n = 0;
    const connections = Number(process.env.C ?? 100);
    const prepared = (process.env.WHAT ?? 'q').includes('s')
      ? submissionRequests(seeded.questions, people, 3, await currentQuestionSetVersion(url, issue(people[0]!)))
      : [];
    // Answer saves as the bench sends them: SAVERS participants (from the end of the pool, apart
    // from the submitters) answering question by question, in turn.
    const savers = people.slice(-Number(process.env.SAVERS ?? 4017));
    const saves = what.includes('a')
      ? answerSaveRequests(
          seeded.questions,
          savers,
          savers.length * seeded.questions.length,
          await currentQuestionSetVersion(url, issue(people[0]!)),
        )
      : [];
    let a = 0;
    const cases = {
      q: {
        name: 'q',
        method: 'GET' as const,
        path: '/api/user/getquestion',
        headers: { authorization: `Bearer ${issue(people[0]!)}` },
      },
      s: { name: 's', method: 'POST' as const, path: '/api/user/submitanswer' },
      a: { name: 'a', method: 'POST' as const, path: '/api/user/answer' },
      r: {
        name: 'r',
        method: 'GET' as const,
        path: `/api/admin/getquizresult?page=1&limit=25&search=${searchTerm}`,
        headers: { authorization: `Bearer ${admin}` },
      },
      r0: {
        name: 'r0',
        method: 'GET' as const,
        path: `/api/admin/getquizresult?page=1&limit=25`,
        headers: { authorization: `Bearer ${admin}` },
      },
      t: { name: 't', method: 'GET' as const, path: '/api/admin/stats', headers: { authorization: `Bearer ${admin}` } },
    };
    if (process.env.BARE) {
      const bare = await runBareBaseline({
        connections,
        seconds: Number(process.env.SEC ?? 5),
        warmupSeconds: 1,
        singleSeconds: 1,
      });
      console.log(
        'bare',
        `${connections} conn`,
        bare.loaded.requestsPerSecond,
        'req/s',
        JSON.stringify(bare.loaded.latencyMs),
      );
    }
    // The server's CPU time so far (all its threads), user and system.
    const cpuMs = () => procStat(`/proc/${child.pid}/stat`)!;
    // CPU time of each of the server's threads, by thread name.
    const threadMs = () => {
      const out = new Map<string, number>();
      for (const task of readdirSync(`/proc/${child.pid}/task`)) {
        const found = procStat(`/proc/${child.pid}/task/${task}/stat`);
        if (found) out.set(`${found.name}#${task}`, found.user + found.system);
      }
      return out;
    };
    for (const one of what.split(',')) {
      const before = cpuMs();
      const postgresBefore = postgresCpuMs();
      const threadsBefore = threadMs();
      const loadBefore = process.cpuUsage();
      const started = performance.now();
      const machineBefore = cpuTimesByKind();
      const pgBefore = await pgCounters();
      // Submissions: each participant once, after those of the cases before.
      const loadCase =
        one === 's'
          ? { ...cases.s, once: prepared.slice(n) }
          : one === 'a'
            ? {
                ...cases.a,
                // Each save's since is the send time of the participant's save before, by its index
                // in the list: counted from where this run starts (one sent in a run before keeps the
                // time the list was built).
                once: saves
                  .slice(a)
                  .map(({ sinceOf, ...shape }) =>
                    sinceOf !== undefined && sinceOf >= a ? { ...shape, sinceOf: sinceOf - a } : shape,
                  ),
              }
            : cases[one as keyof typeof cases];
      const res = await runLoad(url, loadCase, {
        // C_<case> (e.g. C_r=1): that case's own number of connections.
        connections: Number(process.env[`C_${one}`] ?? connections),
        seconds: Number(process.env.SEC ?? 5),
        warmupSeconds: 1,
      });
      const machineAfter = cpuTimesByKind();
      const pgAfter = await pgCounters();
      if (pgBefore && pgAfter) {
        const kb = (pgAfter.wal - pgBefore.wal) / 1024;
        console.log(
          one,
          `WAL ${Math.round(kb / 1024)} MB (${Math.round(kb / (res.requests * (1 + 1 / res.seconds)))} kB a request), ${pgAfter.checkpoints - pgBefore.checkpoints} checkpoints`,
        );
      }
      if (one === 'a') a += res.onceTaken ?? 0;
      else n += res.onceTaken ?? 0;
      const after = cpuMs();
      const load = process.cpuUsage(loadBefore);
      const elapsed = performance.now() - started;
      const busy = [...threadMs()]
        .map(([name, ms]) => [name, ms - (threadsBefore.get(name) ?? 0)] as const)
        .filter(([, ms]) => ms > elapsed * 0.02);
      const postgres = postgresCpuMs() - postgresBefore;
      if (machineBefore && machineAfter) {
        const shares = cpuShares(machineBefore, machineAfter);
        console.log(
          one,
          'machine:',
          Object.entries(shares)
            .map(([kind, share]) => `${kind} ${share}%`)
            .join(' '),
        );
      }
      console.log(
        one,
        'threads:',
        busy.map(([name, ms]) => `${name} ${Math.round((ms / elapsed) * 100)}%`).join(', '),
        `| load generator ${Math.round(((load.user + load.system) / 1000 / elapsed) * 100)}%`,
        ...(postgres > 0 ? [`| PostgreSQL ${Math.round((postgres / elapsed) * 100)}%`] : []),
      );
      console.log(
        one,
        `${connections} conn`,
        res.requestsPerSecond,
        'req/s',
        JSON.stringify(res.latencyMs),
        JSON.stringify(res.statuses),
      );
      // The warm-up's requests are not counted: taken to run at the measured rate.
      const served = res.requests * (1 + 1 / res.seconds);
      const perRequest = (ms: number) => Math.round((ms * 1000) / served);
      const user = after.user - before.user;
      const system = after.system - before.system;
      console.log(
        one,
        `server CPU per request ${perRequest(user + system)} µs (user ${perRequest(user)}, system ${perRequest(system)});`,
        `${Math.round(((user + system) / (performance.now() - started)) * 100)}% of one core`,
      );
    }
  } finally {
    child.kill('SIGINT');
    await exited;
    // Also when the measuring failed: a database left behind holds gigabytes.
    await pgClient?.end();
    await db.drop();
  }
  if (process.env.PROF) {
    const file = readdirSync(dir)
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
    summarize(file);
  }
}

function summarize(file: string) {
  type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
  const prof = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byId = new Map(prof.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of prof.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<number, number>();
  prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
  const label = (node: Node) =>
    `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber}`;
  const inclusive = new Map<string, number>();
  const selfBy = new Map<string, number>();
  for (const [id, time] of self) {
    selfBy.set(label(byId.get(id)!), (selfBy.get(label(byId.get(id)!)) ?? 0) + time);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const key = label(byId.get(cur)!);
      if (seen.has(key)) continue;
      inclusive.set(key, (inclusive.get(key) ?? 0) + time);
      seen.add(key);
    }
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, t]) => `${(t / 1000).toFixed(0).padStart(7)} ${k}`)
      .join('\n');
  console.log('--- self\n' + top(selfBy, 25) + '\n--- inclusive\n' + top(inclusive, 70));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
