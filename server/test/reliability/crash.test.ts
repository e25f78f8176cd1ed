/**
 * Crash durability: simulated participants take the assessment while the one server process is
 * SIGKILLed and restarted at random moments. Whatever the server acknowledged must be stored, and
 * in the end every participant has exactly one result whose totals the stored answers add up to.
 *
 * CI: 200 participants, 10 kills. Longer: CRASH_KILLS=60 (and CRASH_PARTICIPANTS=1000) — see the
 * README, "Longer runs". On PostgreSQL (DATABASE_URL set) each run uses a fresh database.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import {
  adminLogin,
  adminQuestions,
  between,
  checkDatabase,
  checkThroughAdminApi,
  envInt,
  freePort,
  makeParticipants,
  newStats,
  openDirect,
  participantFailures,
  postgresUrl,
  readLockPid,
  runParticipant,
  scratchRun,
  seconds,
  sleep,
  startServer,
  statsSummary,
  submissionsSummary,
  type ServerProcess,
} from './support';
import { lockFileName } from '../../src/db/lock';

const dialect = postgresUrl ? 'postgres' : 'sqlite';
const KILLS = envInt('CRASH_KILLS', 10);
const PARTICIPANTS = envInt('CRASH_PARTICIPANTS', 200);
/** Time the server runs between a restart and the next kill. */
const UPTIME_MS: [number, number] = [1200, 3500];
/** Bound on the load and the kills together; unfinished participants fail the test. */
const LOAD_BUDGET_MS = KILLS * 25_000 + 90_000;

const run = scratchRun('crash');

describe(`crash durability (${dialect})`, () => {
  it(
    `loses and duplicates nothing while the server is SIGKILLed ${KILLS} times under ${PARTICIPANTS} participants`,
    async () => {
      const began = Date.now();
      const { dir, databaseUrl } = await run.begin();
      const dataDir = path.join(dir, 'data');
      const settings = { name: 'crash', port: await freePort(), dataDir, databaseUrl };

      let server: ServerProcess = await startServer(settings);
      const adminToken = await adminLogin(server.url);
      const questions = await adminQuestions(server.url, adminToken);
      expect(questions.size).toBe(12);

      const stats = newStats();
      const participants = makeParticipants(`c${Date.now().toString(36)}`, PARTICIPANTS);
      const deadline = Date.now() + LOAD_BUDGET_MS;

      // Participants arrive in waves, one after each kill, so every kill meets traffic.
      let killsDone = 0;
      const gates: Array<{ wave: number; open: () => void }> = [];
      const openGates = () => {
        for (const gate of gates.filter((g) => g.wave <= killsDone)) {
          gates.splice(gates.indexOf(gate), 1);
          gate.open();
        }
      };
      const waveOf = (index: number) => Math.floor((index * KILLS) / PARTICIPANTS);
      const gateFor = (index: number) => async () => {
        const wave = waveOf(index);
        if (wave > killsDone) await new Promise<void>((open) => gates.push({ wave, open }));
        await sleep(between(0, 4000));
      };
      const loadOptions = {
        baseUrl: server.url,
        questions,
        stats,
        deadline,
        thinkMs: [200, 1500] as [number, number],
        revalidateChance: 0.3,
        freshSessionShare: 0.4,
      };
      const runs = participants.map((p) => runParticipant(p, loadOptions, gateFor(p.index)));

      // The killer: SIGKILL at a random moment (every other one aimed at a submission in flight),
      // check the lock file was left behind, restart on the same port.
      const kills: Array<{
        pid: number;
        submitsInFlight: number;
        inFlight: number;
        restartMs: number;
        listeningMs: number;
      }> = [];
      const lockProblems: string[] = [];
      try {
        for (let round = 0; round < KILLS; round += 1) {
          await sleep(between(...UPTIME_MS));
          if (round % 2 === 1) {
            const aimUntil = Date.now() + 1000;
            while (stats.inFlight.submit === 0 && Date.now() < aimUntil) await sleep(3);
          }
          const inFlight =
            stats.inFlight.validate + stats.inFlight.consent + stats.inFlight.questions + stats.inFlight.submit;
          const submitsInFlight = stats.inFlight.submit;
          const killed = server;
          await killed.kill9();
          killsDone += 1;
          openGates();
          if (dialect === 'sqlite' && readLockPid(dataDir) !== killed.pid) {
            lockProblems.push(
              `after kill ${round + 1} the lock file holds ${readLockPid(dataDir)}, not the killed ${killed.pid}`,
            );
          }
          await sleep(between(0, 300));
          const restarting = Date.now();
          server = await startServer(settings);
          if (dialect === 'sqlite' && readLockPid(dataDir) !== server.pid) {
            lockProblems.push(
              `after restart ${round + 1} the lock file holds ${readLockPid(dataDir)}, not ${server.pid}`,
            );
          }
          kills.push({
            pid: killed.pid,
            submitsInFlight,
            inFlight,
            restartMs: Date.now() - restarting,
            listeningMs: (server.listeningAt() ?? Date.now()) - server.spawnedAt,
          });
        }
      } finally {
        killsDone = Number.POSITIVE_INFINITY;
        openGates();
      }
      await Promise.all(runs);
      const loadEnded = Date.now();

      const failures = participantFailures(participants);
      expect(failures.slice(0, 10)).toEqual([]);
      expect(lockProblems).toEqual([]);
      expect(kills).toHaveLength(KILLS);

      // Through the admin API of the restarted server (the admin token from before the kills).
      const api = await checkThroughAdminApi(server.url, adminToken, participants);

      // A graceful stop ends the run: exit 0 and (SQLite) the lock released.
      const exitCode = await server.stop();
      expect(exitCode).toBe(0);
      if (dialect === 'sqlite') expect(fs.existsSync(path.join(dataDir, lockFileName))).toBe(false);

      // Straight from the database.
      const db = openDirect({ dataDir, databaseUrl });
      let direct: Awaited<ReturnType<typeof checkDatabase>>;
      let integrity = 'n/a';
      try {
        direct = await checkDatabase(db, participants, questions);
        if (dialect === 'sqlite') {
          const rows = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
          integrity = rows.rows.map((row) => row.integrity_check).join('; ');
        }
      } finally {
        await db.destroy();
      }

      const acknowledged = participants.filter((p) => p.ack).length;
      const withSubmitInFlight = kills.filter((kill) => kill.submitsInFlight > 0).length;
      const restartTimes = kills.map((kill) => kill.restartMs);
      console.log(
        [
          `crash durability (${dialect}), ${PARTICIPANTS} participants, ${KILLS} kills:`,
          `  ${submissionsSummary(participants, direct.figures, api.listed)}`,
          `  kills survived ${kills.length}; kills with a submission in flight ${withSubmitInFlight}, submissions in flight at kills ${kills.reduce((n, k) => n + k.submitsInFlight, 0)}, requests in flight at kills ${kills.reduce((n, k) => n + k.inFlight, 0)}`,
          `  restart to healthy ${seconds(Math.min(...restartTimes))} to ${seconds(Math.max(...restartTimes))} (listening after ${seconds(Math.min(...kills.map((k) => k.listeningMs)))} to ${seconds(Math.max(...kills.map((k) => k.listeningMs)))})`,
          `  ${statsSummary(stats)}`,
          `  load ${seconds(loadEnded - began)}, total ${seconds(Date.now() - began)}; sqlite integrity_check: ${integrity}`,
        ].join('\n'),
      );

      expect(api.problems.slice(0, 10)).toEqual([]);
      expect(direct.problems.slice(0, 10)).toEqual([]);
      expect(direct.figures).toEqual({
        results: PARTICIPANTS,
        distinctParticipants: PARTICIPANTS,
        participants: PARTICIPANTS,
        answers: PARTICIPANTS * questions.size,
        categoryRows: PARTICIPANTS * new Set([...questions.values()].map((q) => q.categoryName)).size,
      });
      expect(acknowledged).toBe(PARTICIPANTS);
      if (dialect === 'sqlite') expect(integrity).toBe('ok');
    },
    LOAD_BUDGET_MS + 120_000,
  );
});
