// Development aid (not part of `pnpm bench`): the instructions the server runs a getquestion
// request (its user-space instructions, counted by valgrind's callgrind), for two or more server
// trees and bare Fastify. Counting instructions gives the same figure however busy the machine is,
// where wall-clock figures swing with whatever else runs beside them: it compares a change with what
// it replaces on a loaded machine. The kernel's part (the loopback's send and receive, about a third
// of a request) is not counted; it is the same for every side.
//
//   SIDES=before=/tmp/before,after=/work/main \
//     node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/request-instructions.ts
//
// Each side's server (and bare Fastify) starts under callgrind with counting off, serves WARM
// requests (20,000) so that V8 optimises the request path, then counts N requests (5,000) sent by 10
// connections kept alive, as the bench's participants send them (50 participant tokens in turn,
// the browser's Accept-Encoding); what the server ran idle for as long is taken off. A side's tree
// is a clone with its dependencies installed.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase } from '../api/database';
import { browserAcceptEncoding } from '../api/load';
import { ADMIN_EMAIL, ADMIN_PASSWORD, benchJwtSecret, freePort } from '../api/processes';
import { participantTokens } from '../api/requests';
import { addFreshParticipants, seedDatabase } from '../api/seed';
import { repoRoot } from '../paths';

const warm = Number(process.env.WARM ?? 20_000);
const counted = Number(process.env.N ?? 5_000);
const sides = (process.env.SIDES ?? `current=${repoRoot}`).split(',').map((one) => {
  const [name, root] = one.split('=');
  return { name: name!, root: root ?? repoRoot };
});

/** Sends `count` requests over 10 kept-alive connections, each waiting for its answer; every answer must be 200. */
async function send(url: string, path: string, headers: Array<Record<string, string>>, count: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  let next = 0;
  const one = (index: number) =>
    new Promise<void>((resolve, reject) => {
      const call = request(`${url}${path}`, { agent, headers: headers[index % headers.length] }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${response.statusCode}`)),
        );
      });
      call.on('error', reject);
      call.end();
    });
  // A connection the server closed as idle (valgrind can hold it up for seconds) is opened again.
  const retried = async (index: number) => {
    try {
      await one(index);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') throw error;
      await one(index);
    }
  };
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < count) await retried(next++);
    }),
  );
  agent.destroy();
}

/** Starts `script` under callgrind (counting off), waits for `ready`, warms and counts; Ir a request. */
async function measure(
  name: string,
  args: string[],
  env: Record<string, string>,
  url: (port: number) => string,
  load: (url: string, count: number) => Promise<void>,
) {
  const port = await freePort();
  const out = join(repoRoot, `.callgrind-${name}-${process.pid}`);
  rmSync(out, { force: true });
  // valgrind names its control pipe after HOST (which the server reads too): the control must see the same.
  const childEnv = { ...process.env, ...env, PORT: String(port) };
  const child = spawn(
    'valgrind',
    // V8 single-threaded: code is optimised (and garbage collected) on the main thread, at the same
    // points of every run, not whenever a helper thread gets its turn under valgrind.
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${out}`,
      process.execPath,
      '--single-threaded',
      ...args,
    ],
    { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  child.stderr.on('data', (chunk) => (log += String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const base = url(port);
    for (let i = 0; ; i++) {
      try {
        await load(base, 1);
        break;
      } catch {
        if (i > 600) throw new Error(`${name} did not start: ${log.slice(-2000)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    await load(base, warm);
    const control = (...options: string[]) =>
      spawnSync('callgrind_control', [...options, String(child.pid)], { env: childEnv, stdio: 'ignore' });
    // Each dump holds what ran since the one before.
    const dumped = () => {
      control('-d');
      let total = 0;
      for (const file of readdirSync(repoRoot).filter((one) => one.startsWith(`.callgrind-${name}-${process.pid}`))) {
        const totals = /^totals: (\d+)/m.exec(readFileSync(join(repoRoot, file), 'utf8'));
        if (totals) total += Number(totals[1]);
        rmSync(join(repoRoot, file), { force: true });
      }
      return total;
    };
    control('-i', 'on');
    dumped();
    const started = performance.now();
    await load(base, counted);
    const seconds = (performance.now() - started) / 1000;
    const loaded = dumped();
    // What the server runs by the clock (the question list read again every second, the timeout
    // checks), idle for as long as the load took: taken off, as it depends on how slowly valgrind ran.
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const idle = dumped();
    control('-i', 'off');
    return { perRequest: (loaded - idle) / counted, idlePerSecond: idle / seconds };
  } finally {
    // Stopped, not killed, so that valgrind removes its control pipes; killed if it hangs.
    child.kill('SIGTERM');
    const stopping = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await exited;
    clearTimeout(stopping);
    for (const file of readdirSync(repoRoot).filter((one) => one.startsWith(`.callgrind-${name}-${process.pid}`))) {
      rmSync(join(repoRoot, file), { force: true });
    }
  }
}

async function main() {
  const database = await createDatabase('sqlite');
  try {
    await seedDatabase(database, { participants: 100, fresh: 0 });
    const issue = participantTokens();
    const readers = await addFreshParticipants(database, 50, 'reader');
    await database.settle();
    const headers = readers.map((reader) => ({
      authorization: `Bearer ${issue(reader)}`,
      'accept-encoding': browserAcceptEncoding,
    }));
    const bare = await measure(
      'bare',
      [join(__dirname, '../api/bare-server.cjs')],
      {},
      (port) => `http://127.0.0.1:${port}`,
      (url, count) => send(url, '/', [{ 'accept-encoding': browserAcceptEncoding }], count),
    );
    console.log(
      `bare Fastify: ${Math.round(bare.perRequest)} instructions a request (idle: ${Math.round(bare.idlePerSecond)} a second)`,
    );
    for (const side of sides) {
      const loader = pathToFileURL(join(side.root, 'server/node_modules/tsx/dist/loader.mjs')).href;
      const { perRequest, idlePerSecond } = await measure(
        side.name,
        ['--import', loader, join(side.root, 'server/src/server.ts')],
        {
          ...database.serverEnv,
          HOST: '127.0.0.1',
          JWT_SECRET: benchJwtSecret,
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
          LOG_LEVEL: 'warn',
        },
        (port) => `http://127.0.0.1:${port}`,
        (url, count) => send(url, '/api/user/getquestion', headers, count),
      );
      console.log(
        `${side.name}: getquestion ${Math.round(perRequest)} instructions a request (${(perRequest / bare.perRequest).toFixed(2)}× bare; idle: ${Math.round(idlePerSecond)} a second)`,
      );
    }
  } finally {
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
