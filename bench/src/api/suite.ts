// The API benchmark of one engine: a fresh database seeded in bulk, the driver's write baseline,
// then the real server process under autocannon for each call.
import { createDatabase, type BenchDatabase, type Engine } from './database';
import { measureDataOut, type DataOutResult } from './data-out';
import { cpuTimes, stolenPercent } from './host-steal';
import {
  measureDriverBaseline,
  measureUpsertBaseline,
  type DriverBaseline,
  type UpsertBaseline,
} from './driver-baseline';
import { runLoad, type LoadCase, type LoadOptions, type LoadResult } from './load';
import { startBareServer, startBenchServer, type RunningServer } from './processes';
import {
  adminLogin,
  answerSaveRequests,
  check,
  currentQuestionSetVersion,
  getquestionLoad,
  participantTokens,
  submissionRequests,
} from './requests';
import { searchTerm } from './rows';
import { addFreshParticipants, seedDatabase, seedDay, seededVersion } from './seed';

export interface ApiOptions extends LoadOptions {
  /** Participants with a stored submission. */
  participants: number;
  /** Seconds of the driver's write baseline. */
  driverSeconds: number;
  /** PostgreSQL server to create the bench database on (postgres only). */
  postgresUrl?: string;
  log?: (line: string) => void;
  /**
   * Keep the server running (for the browser lab) and hand it to the caller, with data out not yet
   * measured: the caller measures it (`measureDataOut`) after the lab, which must not inherit the
   * heap an export leaves behind.
   */
  keepServer?: boolean;
  /** Measured seconds of the one-connection runs (service latency of the admin reads). */
  singleSeconds: number;
  /** Connections of the getquestion load beside each export (10 unless given). */
  exportLoadConnections?: number;
  /** Report PDFs fetched one after another (50 unless given). */
  reportPdfs?: number;
}

/** An admin read at 100 connections (throughput, latency under load) and at one (service latency). */
export interface ReadFigures {
  loaded: LoadResult;
  single: LoadResult;
}

/** Rounds of (bare baseline, getquestion) measured back to back. */
export const pairedRounds = 3;

/** Rounds of submitanswer, each with participants of its own. */
export const submitRounds = 3;

const sum = <T>(items: readonly T[], value: (item: T) => number) =>
  items.reduce((total, item) => total + value(item), 0);

export interface EngineResult {
  engine: Engine;
  /** getquestion / bare in each round, lowest first (the middle one is reported). */
  getquestionRatios: number[];
  /** The bare Fastify baseline, measured just before this engine's calls. */
  bare: ReadFigures;
  seed: { seconds: number; rows: Record<string, number> };
  driver: DriverBaseline;
  getquestion: LoadResult;
  /** The round of submitanswer with the middle p99. */
  submitanswer: LoadResult & { participantsAvailable: number; participantsUsed: number; created: number };
  /**
   * Every round of submitanswer: the p99s (lowest first), the share of CPU time the host took in
   * each (in the order run; null where unknown), and requests, created and failed in all.
   */
  submitanswerRounds: {
    p99: number[];
    stolenPercent: Array<number | null>;
    requests: number;
    created: number;
    failed: number;
  };
  /** The answer saves' baseline: single-row upserts through the driver. */
  upsertDriver: UpsertBaseline;
  /** Answer saves, each a participant's first save of a question. */
  answerSave: LoadResult & { participantsUsed: number };
  /** The results page as it opens (no filter). */
  results: ReadFigures;
  /** The results page with a search. */
  resultsSearch: ReadFigures;
  /** `GET admin/insights` of the seeded version. */
  insights: ReadFigures;
  stats: ReadFigures;
  /** The exports and the report PDFs, or why they could not be measured (the other figures stand). */
  dataOut: DataOutResult | { error: string };
  /** Set when `keepServer`: measures data out on the server restarted (`server` is then the new one) and sets `dataOut`. */
  measureDataOut?: () => Promise<void>;
  /** Set when `keepServer`: the caller stops it and drops the database. */
  server?: RunningServer;
  database?: BenchDatabase;
  adminToken?: string;
}

/** The bare Fastify baseline: the same connections and durations as the calls it is compared with. */
export async function runBareBaseline(options: LoadOptions & { singleSeconds: number }): Promise<ReadFigures> {
  const bare = await startBareServer();
  try {
    const load: LoadCase = { name: 'bare fastify', method: 'GET', path: '/' };
    return {
      loaded: await runLoad(bare.url, load, options),
      single: await runLoad(bare.url, load, {
        connections: 1,
        seconds: options.singleSeconds,
        warmupSeconds: options.warmupSeconds,
      }),
    };
  } finally {
    await bare.stop();
  }
}

async function readFigures(url: string, load: LoadCase, options: ApiOptions): Promise<ReadFigures> {
  const single = await runLoad(url, load, {
    connections: 1,
    seconds: options.singleSeconds,
    warmupSeconds: options.warmupSeconds,
  });
  const loaded = await runLoad(url, load, options);
  return { loaded, single };
}

export async function runApiSuite(engine: Engine, options: ApiOptions): Promise<EngineResult> {
  const log = options.log ?? (() => {});
  const database = await createDatabase(engine, options.postgresUrl);
  let server: RunningServer | undefined;
  try {
    log(`${engine}: seeding ${options.participants} participants × 30 answers...`);
    // The exports' day filter holds exactly the seeded results, not the submissions measured below.
    const { now, filter: seededFilter } = seedDay();
    const seeded = await seedDatabase(database, { participants: options.participants, fresh: 0, now });
    log(`${engine}: seeded in ${seeded.seconds.toFixed(1)} s ${JSON.stringify(seeded.rows)}`);

    const driver = await measureDriverBaseline(database, seeded.questions, options.driverSeconds);
    log(`${engine}: driver baseline ${driver.submissionsPerSecond} submissions/s`);
    const upsertDriver = await measureUpsertBaseline(database, seeded.questions, options.driverSeconds);
    log(`${engine}: driver baseline ${upsertDriver.upsertsPerSecond} single-row upserts/s`);

    // Enough new participants for every submission the server could take in the time of all the
    // rounds (one each): three times the driver's rate, and never less than 60 a second for each
    // connection (a driver baseline measured in a stall of the machine must not shrink the pool).
    const perSecond = Math.max(driver.submissionsPerSecond * 3, options.connections * 60);
    const perRound = Math.ceil(perSecond * (options.seconds + options.warmupSeconds)) + 500;
    const poolSize = Math.min(600_000, Math.max(1000, perRound * submitRounds));
    const readers = await addFreshParticipants(database, 50, 'reader');
    // Submitting and saving answers need the consent (and the session that holds the participant).
    const writers = await addFreshParticipants(database, poolSize, 'writer', { consented: true });
    // Enough answer saves for the run at four times the driver's upserts a second, and never less
    // than 200 a second for each connection (above what bare Fastify serves on two cores); every
    // save a participant's first of its question.
    const savesPerSecond = Math.max(upsertDriver.upsertsPerSecond * 4, options.connections * 200);
    const saveCount = Math.ceil(savesPerSecond * (options.seconds + options.warmupSeconds)) + 500;
    const savers = await addFreshParticipants(database, Math.ceil(saveCount / seeded.questions.length), 'saver', {
      consented: true,
    });

    await database.settle();
    server = await startBenchServer(database.serverEnv, database.dataDir);
    const url = server.url;
    const issue = participantTokens();
    const adminToken = await adminLogin(url);

    // getquestion: participants on the quiz, a token each, round robin.
    const readerTokens = readers.map(issue);
    await check(
      url,
      '/api/user/getquestion',
      readerTokens[0]!,
      (b) => (b as { questions: unknown[] }).questions.length === seeded.questions.length,
    );
    const getquestionCase = getquestionLoad(readerTokens);

    // The bare baseline and getquestion, measured back to back in rounds (the other server idle);
    // the round with the middle ratio is reported, so one noisy moment does not decide it.
    const bareServer = await startBareServer();
    const rounds: Array<{ bare: LoadResult; getquestion: LoadResult }> = [];
    let bare: ReadFigures;
    try {
      const bareLoad: LoadCase = { name: 'bare fastify', method: 'GET', path: '/' };
      for (let round = 0; round < pairedRounds; round++) {
        rounds.push({
          bare: await runLoad(bareServer.url, bareLoad, options),
          getquestion: await runLoad(url, getquestionCase, options),
        });
      }
      rounds.sort(
        (a, b) =>
          a.getquestion.requestsPerSecond / a.bare.requestsPerSecond -
          b.getquestion.requestsPerSecond / b.bare.requestsPerSecond,
      );
      const single = await runLoad(bareServer.url, bareLoad, {
        connections: 1,
        seconds: options.singleSeconds,
        warmupSeconds: options.warmupSeconds,
      });
      bare = { loaded: rounds[Math.floor(rounds.length / 2)]!.bare, single };
    } finally {
      await bareServer.stop();
    }
    const getquestion = rounds[Math.floor(rounds.length / 2)]!.getquestion;
    const ratios = rounds.map(
      (round) => Math.round((round.getquestion.requestsPerSecond / round.bare.requestsPerSecond) * 100) / 100,
    );
    log(`${engine}: bare Fastify ${bare.loaded.requestsPerSecond} req/s p99 ${bare.loaded.latencyMs.p99} ms`);
    log(`${engine}: getquestion / bare in ${rounds.length} rounds: ${ratios.join(', ')}`);
    log(`${engine}: getquestion ${getquestion.requestsPerSecond} req/s p99 ${getquestion.latencyMs.p99} ms`);

    // The question set version the participant app reads from the progress and sends along.
    const questionSetVersion = await currentQuestionSetVersion(url, issue(writers[0]!));

    // submitanswer: every request a new participant (token + 30 answers), in rounds. The round with
    // the middle p99 is reported, so one stall of the machine does not decide it; every round's
    // errors count.
    const submissions = submissionRequests(seeded.questions, writers, 11, questionSetVersion);
    let w = 0;
    const submitted: LoadResult[] = [];
    const stolen: Array<number | null> = [];
    for (let round = 0; round < submitRounds; round++) {
      const before = cpuTimes();
      // Each round takes the participants after the last round's (never one twice: a participant
      // sent twice is answered as a repeat, a cheaper call than the one measured).
      const measured = await runLoad(
        url,
        {
          name: 'submitanswer',
          method: 'POST',
          path: '/api/user/submitanswer',
          once: submissions.slice(w, w + perRound),
        },
        options,
      );
      w += measured.onceTaken!;
      const steal = stolenPercent(before, cpuTimes());
      stolen.push(steal ?? null);
      log(
        `${engine}: submitanswer ${measured.requestsPerSecond} req/s p99 ${measured.latencyMs.p99} ms ${JSON.stringify(measured.statuses)}` +
          (steal === undefined ? '' : `; the host took ${steal}% of the CPU`),
      );
      submitted.push(measured);
    }
    const byP99 = [...submitted].sort((a, b) => a.latencyMs.p99 - b.latencyMs.p99);
    const submitanswer = byP99[Math.floor(byP99.length / 2)]!;
    log(
      `${engine}: submitanswer p99 in ${submitted.length} rounds: ${byP99.map((one) => one.latencyMs.p99).join(', ')} ms`,
    );

    // Answer saves: participants who signed the consent answering question by question, each
    // save a question's first, at 100 connections.
    const saveLoad = await runLoad(
      url,
      {
        name: 'answer save',
        method: 'POST',
        path: '/api/user/answer',
        once: answerSaveRequests(seeded.questions, savers, saveCount, questionSetVersion),
      },
      options,
    );
    const answerSave = { ...saveLoad, participantsUsed: Math.min(savers.length, saveLoad.onceTaken ?? 0) };
    log(
      `${engine}: answer save ${answerSave.requestsPerSecond} req/s p99 ${answerSave.latencyMs.p99} ms ${JSON.stringify(answerSave.statuses)}`,
    );

    const admin = { authorization: `Bearer ${adminToken}` };
    /** An admin read, once checked, at one connection and at all of them. */
    const adminRead = async (name: string, path: string, ready: (body: unknown) => boolean) => {
      await check(url, path, adminToken, ready);
      const figures = await readFigures(url, { name, method: 'GET', path, headers: admin }, options);
      log(
        `${engine}: ${name} p95 ${figures.single.latencyMs.p95} ms at 1 connection; ${figures.loaded.requestsPerSecond} req/s p95 ${figures.loaded.latencyMs.p95} ms at ${options.connections}`,
      );
      return figures;
    };
    const someResults = (b: unknown) => (b as { totalResults: number }).totalResults > 0;
    // The results page as it opens (no filter: its summary from the aggregates), and with a search
    // (the summary then counted over the matching rows).
    const resultsPath = '/api/admin/getquizresult?page=1&limit=25';
    const results = await adminRead('results page', resultsPath, someResults);
    const resultsSearch = await adminRead(
      'results search',
      `${resultsPath}&search=${encodeURIComponent(searchTerm)}`,
      someResults,
    );
    // Insights of the seeded version: every figure of its results, from the aggregates.
    const insights = await adminRead(
      'insights figures',
      `/api/admin/insights?version=${seededVersion}`,
      (b) => (b as { cohort: { participants: number } }).cohort.participants >= options.participants,
    );
    const stats = await adminRead(
      'dashboard figures',
      '/api/admin/stats',
      (b) => typeof (b as { totals: unknown }).totals === 'object',
    );

    // Data out, last, on the server restarted: its memory is then measured from a fresh process,
    // whatever the calls before left in its heap (a heap grown by them absorbs an export's garbage
    // unseen), and no call measured after it inherits the heap an export leaves behind.
    const measureOnFreshServer = async (
      current: RunningServer,
    ): Promise<{ dataOut: EngineResult['dataOut']; server?: RunningServer }> => {
      let fresh: RunningServer | undefined;
      try {
        await current.stop();
        fresh = await startBenchServer(database.serverEnv, database.dataDir);
        const dataOut = await measureDataOut({
          url: fresh.url,
          adminToken: await adminLogin(fresh.url),
          serverPid: fresh.pid,
          filter: seededFilter,
          expectedRows: seeded.rows.results,
          getquestion: getquestionCase,
          loadConnections: options.exportLoadConnections ?? 10,
          aloneSeconds: options.singleSeconds,
          reportPdfs: options.reportPdfs ?? 50,
          log: (line) => log(`${engine}: ${line}`),
        });
        return { dataOut, server: fresh };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`${engine}: data out failed: ${message}`);
        return { dataOut: { error: message.split('\n')[0]!.slice(0, 160) }, server: fresh };
      }
    };
    let dataOut: EngineResult['dataOut'] = { error: 'not measured: the caller measures it after the browser lab' };
    if (!options.keepServer) {
      const current = server;
      server = undefined;
      const measured = await measureOnFreshServer(current);
      server = measured.server;
      dataOut = measured.dataOut;
    }

    const result: EngineResult = {
      engine,
      getquestionRatios: ratios,
      bare,
      seed: { seconds: Math.round(seeded.seconds * 10) / 10, rows: seeded.rows },
      driver,
      getquestion,
      submitanswer: {
        ...submitanswer,
        participantsAvailable: writers.length,
        participantsUsed: w,
        created: submitanswer.statuses['201'] ?? 0,
      },
      submitanswerRounds: {
        p99: byP99.map((one) => one.latencyMs.p99),
        stolenPercent: stolen,
        requests: sum(submitted, (one) => one.requests),
        created: sum(submitted, (one) => one.statuses['201'] ?? 0),
        failed: sum(submitted, (one) => one.non2xx + one.warmupNon2xx + one.errors),
      },
      upsertDriver,
      answerSave,
      results,
      resultsSearch,
      insights,
      stats,
      dataOut,
    };
    if (options.keepServer) {
      const measureLater = async () => {
        const measured = await measureOnFreshServer(result.server!);
        result.server = measured.server;
        result.dataOut = measured.dataOut;
      };
      Object.assign(result, { server, database, adminToken, measureDataOut: measureLater });
      server = undefined;
      return result;
    }
    return result;
  } finally {
    if (server) {
      await server.stop();
      await database.drop();
    } else if (!options.keepServer) {
      await database.drop();
    }
  }
}
