/**
 * Scale-out: two server processes on one PostgreSQL database (same JWT_SECRET) behind a round-robin
 * proxy take the participant load, one of them now and then SIGKILLed and restarted while the other
 * keeps serving. Some participants send their submission to both processes at the same moment.
 * The outcome must be the one of a single server: exactly one result each, totals recomputed.
 *
 * Without DATABASE_URL the same scenario runs on ONE process on SQLite (behind the same proxy), and
 * the test asserts why there is only one: a second process on the data directory is refused.
 *
 * CI: 200 participants, 2 kills. Longer: SCALE_OUT_PARTICIPANTS and SCALE_OUT_KILLS (README, "Longer runs").
 */
import path from 'node:path';
import {
  adminLogin,
  adminQuestions,
  between,
  callApi,
  checkDatabase,
  checkThroughAdminApi,
  envInt,
  freePort,
  makeParticipants,
  newStats,
  openDirect,
  participantFailures,
  postgresUrl,
  runParticipant,
  scratchRun,
  seconds,
  sleep,
  spawnServer,
  startRoundRobinProxy,
  startServer,
  statsSummary,
  submissionsSummary,
  type RoundRobinProxy,
  type ServerProcess,
  type ServerSettings,
} from './support';

const dialect = postgresUrl ? 'postgres' : 'sqlite';
const PARTICIPANTS = envInt('SCALE_OUT_PARTICIPANTS', 200);
const KILLS = envInt('SCALE_OUT_KILLS', 2);
/** Participants arrive spread over this long. */
const ARRIVAL_MS = Math.max(8000, PARTICIPANTS * 40);
const LOAD_BUDGET_MS = ARRIVAL_MS + KILLS * 20_000 + 60_000;

const run = scratchRun('scale-out');
let proxy: RoundRobinProxy | undefined;

afterAll(async () => {
  await proxy?.close();
});

describe(`scale-out (${dialect === 'postgres' ? 'two processes on PostgreSQL' : 'one process on SQLite'})`, () => {
  it(
    `gives ${PARTICIPANTS} participants one result each through a round-robin proxy, with ${KILLS} process kills`,
    async () => {
      const began = Date.now();
      const { dir, databaseUrl } = await run.begin();
      const names = dialect === 'postgres' ? ['A', 'B'] : ['A'];
      const settings: ServerSettings[] = [];
      for (const name of names) {
        settings.push({ name, port: await freePort(), dataDir: path.join(dir, `data-${name}`), databaseUrl });
      }
      // Both first starts at once: migrations and the first-start seed race on the empty database.
      const servers: ServerProcess[] = await Promise.all(settings.map((s) => startServer(s)));
      const [first, second] = [servers[0] as ServerProcess, servers[servers.length - 1] as ServerProcess];

      const adminToken = await adminLogin(first.url);
      const questions = await adminQuestions(first.url, adminToken);
      expect(questions.size).toBe(12);
      const seenBySecond = await adminQuestions(second.url, adminToken);
      expect([...seenBySecond.keys()].sort()).toEqual([...questions.keys()].sort());

      // A participant token issued by the first process works on the second (and on itself).
      const probe = await callApi(first.url, 'POST', '/api/auth/validateuser', {
        body: { email: `probe-${Date.now()}@reliability.test` },
      });
      expect(probe.kind === 'reply' && probe.status).toBe(200);
      const probeToken = probe.kind === 'reply' ? (probe.body.token as string) : '';
      for (const server of servers) {
        const onIt = await callApi(server.url, 'GET', '/api/user/getquestion', { token: probeToken });
        expect({ server: server.name, status: onIt.kind === 'reply' ? onIt.status : onIt.error }).toEqual({
          server: server.name,
          status: 200,
        });
      }

      if (dialect === 'sqlite') {
        // Why SQLite runs one process: a second one on the same data directory is refused.
        const intruder = spawnServer({
          ...(settings[0] as ServerSettings),
          name: 'second-on-sqlite',
          port: await freePort(),
        });
        const exit = await intruder.exited;
        expect(exit.code).toBe(1);
        expect(intruder.output()).toContain('already in use');
        expect((await callApi(first.url, 'GET', '/api/health')).kind === 'reply').toBe(true);
      }

      proxy = await startRoundRobinProxy(servers.map((server) => server.url));
      const stats = newStats();
      const participants = makeParticipants(`s${Date.now().toString(36)}`, PARTICIPANTS);
      const loadOptions = {
        baseUrl: proxy.url,
        questions,
        stats,
        deadline: Date.now() + LOAD_BUDGET_MS,
        thinkMs: [100, 800] as [number, number],
        revalidateChance: 0.3,
        freshSessionShare: 0.4,
        // Straight to each process (one process twice on SQLite): the same submission at the same moment.
        doubleSubmitChance: 0.15,
        doubleSubmitTargets: [first.url, second.url],
      };
      const runs = participants.map((p) => runParticipant(p, loadOptions, () => sleep(between(0, ARRIVAL_MS))));

      // Now and then one process dies (SIGKILL) and comes back on its port; with two, the other serves on.
      const kills: Array<{ name: string; restartMs: number; listeningMs: number }> = [];
      for (let round = 0; round < KILLS; round += 1) {
        await sleep(between(ARRIVAL_MS / (KILLS + 1) / 2, ARRIVAL_MS / (KILLS + 1)));
        const slot = round % servers.length;
        const victim = servers[slot] as ServerProcess;
        await victim.kill9();
        await sleep(between(0, 300));
        const restarting = Date.now();
        servers[slot] = await startServer(settings[slot] as ServerSettings);
        const back = servers[slot] as ServerProcess;
        kills.push({
          name: victim.name,
          restartMs: Date.now() - restarting,
          listeningMs: (back.listeningAt() ?? Date.now()) - back.spawnedAt,
        });
      }
      await Promise.all(runs);
      const loadEnded = Date.now();

      expect(participantFailures(participants).slice(0, 10)).toEqual([]);
      expect(stats.doubles.bothCreated).toBe(0);
      expect(stats.doubles.pairs).toBeGreaterThan(0);
      for (const server of servers) expect(proxy.forwarded.get(server.url)).toBeGreaterThan(PARTICIPANTS);

      // The token from before the kills still works on every process now running.
      for (const server of servers) {
        const later = await callApi(server.url, 'GET', '/api/user/getquestion', { token: probeToken });
        expect(later.kind === 'reply' && later.status).toBe(200);
      }

      // Through the proxy, so consecutive result pages come from different processes.
      const api = await checkThroughAdminApi(proxy.url, adminToken, participants);
      const exitCodes = await Promise.all(servers.map((server) => server.stop()));
      expect(exitCodes).toEqual(servers.map(() => 0));

      const db = openDirect({ dataDir: (settings[0] as ServerSettings).dataDir, databaseUrl });
      let direct: Awaited<ReturnType<typeof checkDatabase>>;
      let superadmins = -1;
      let questionRows = -1;
      try {
        direct = await checkDatabase(db, participants, questions, 1);
        superadmins = (await db.selectFrom('users').select('id').where('role', '=', 'superadmin').execute()).length;
        questionRows = (await db.selectFrom('questions').select('id').execute()).length;
      } finally {
        await db.destroy();
      }

      const acknowledged = participants.filter((p) => p.ack).length;
      console.log(
        [
          `scale-out (${dialect}, ${servers.length} process${servers.length > 1 ? 'es' : ''}), ${PARTICIPANTS} participants, ${KILLS} kills:`,
          `  ${submissionsSummary(participants, direct.figures, api.listed)}`,
          `  double submissions (same answers to two processes at once) answered twice: ${stats.doubles.pairs}, both 201: ${stats.doubles.bothCreated}`,
          `  proxy forwarded ${[...proxy.forwarded.values()].join(' / ')}, 502s ${proxy.badGateway}; kills ${kills.map((k) => `${k.name} (listening after ${seconds(k.listeningMs)}, healthy after ${seconds(k.restartMs)})`).join(', ') || 'none'}`,
          `  ${statsSummary(stats)}`,
          `  load ${seconds(loadEnded - began)}, total ${seconds(Date.now() - began)}`,
        ].join('\n'),
      );

      expect(api.problems.slice(0, 10)).toEqual([]);
      expect(direct.problems.slice(0, 10)).toEqual([]);
      expect(direct.figures.results).toBe(PARTICIPANTS);
      expect(direct.figures.distinctParticipants).toBe(PARTICIPANTS);
      // The probe participant is the only one without a result.
      expect(direct.figures.participants).toBe(PARTICIPANTS + 1);
      expect(acknowledged).toBe(PARTICIPANTS);
      expect({ superadmins, questionRows }).toEqual({ superadmins: 1, questionRows: 12 });
    },
    LOAD_BUDGET_MS + 120_000,
  );
});
