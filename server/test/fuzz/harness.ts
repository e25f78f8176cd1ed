import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ApiRoute } from '../../src/lib/route-table';
import { requestsFor, type FuzzRequest } from './requests';
import { createWorld, fuzzRuns, fuzzSeed, routesOf, type fuzzGroups, type FuzzWorld } from './world';

/**
 * Property-based fuzzing of every route in the route table through `app.inject`: generated paths,
 * queries, headers, tokens and bodies must never get a 5xx, never leak internals, always get
 * `{ message, error? }` for errors and a body matching the route's response schema for 2xx.
 * `FUZZ_RUNS` sets the runs per route (1000 by default; `pnpm fuzz` runs 10000).
 */

/** What must never reach a client: stack frames, error class names, paths, engine messages. */
const leaks: ReadonlyArray<RegExp> = [
  /^\s*at \S+/m,
  /\bat .*\(.*:\d+:\d+\)/,
  /Error:/,
  /node_modules/,
  /SQLITE/,
  /syntax error/i,
  /\.ts:\d+/,
  /kysely/i,
  /\bpg-protocol\b|violates .* constraint|relation ".*"/,
];

/** The audit log's entries written before `since`, in a fixed order. */
const auditEntriesBefore = (world: FuzzWorld, since: string) =>
  world.app.db.selectFrom('audit_log').selectAll().where('at', '<', since).orderBy('id').execute();

/** Checks one answer against the properties; returns what is wrong, or null. */
export function violation(route: ApiRoute, request: FuzzRequest, response: LightMyRequestResponse): string | null {
  const status = response.statusCode;
  if (status >= 500) return `answered ${status}`;
  if (status < 200 || (status >= 300 && status < 400)) return `answered ${status}`;
  // A route that answers with a file (route.produces) sends it, not JSON, when it succeeds.
  const expectedTypes = status < 300 && route.produces ? [route.produces].flat() : ['application/json'];
  const expectedType = expectedTypes.find((type) => String(response.headers['content-type'] ?? '').startsWith(type));
  if (expectedType === undefined) {
    return `answered ${status} with content-type ${String(response.headers['content-type'])}`;
  }
  if (expectedType !== 'application/json') {
    if (status !== route.status) return `answered ${status}, the route answers ${route.status}`;
    return response.rawPayload.length > 0 ? null : 'answered an empty file';
  }
  // What the client sent may come back in a message (a bad id, say): only leaks the request lacked count.
  const sent = `${request.url}\n${JSON.stringify(request.headers)}\n${request.payload ?? ''}`;
  for (const pattern of leaks) {
    if (pattern.test(response.body) && !pattern.test(sent))
      return `body leaks ${pattern}: ${response.body.slice(0, 300)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${status} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  if (status >= 400) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return `error body is not an object: ${response.body.slice(0, 200)}`;
    const { message, error, ...rest } = body as Record<string, unknown>;
    if (typeof message !== 'string' || message === '')
      return `error body without a message: ${response.body.slice(0, 200)}`;
    if (error !== undefined && typeof error !== 'string')
      return `error body with a non-text error: ${response.body.slice(0, 200)}`;
    if (Object.keys(rest).length > 0) return `error body with extra keys ${Object.keys(rest).join(', ')}`;
    if (status === 429 && !/^\d+$/.test(String(response.headers['retry-after'] ?? '')))
      return '429 without Retry-After';
    return null;
  }
  if (status !== route.status && status !== 200) return `answered ${status}, the route answers ${route.status}`;
  const checked = route.response.safeParse(body);
  if (!checked.success) return `2xx body outside the response schema: ${checked.error.message.slice(0, 300)}`;
  return null;
}

/** Counts of statuses seen for one route, for the summary line. */
export type StatusTally = Map<number, number>;

/** Fuzzes one route `fuzzRuns` times; throws fast-check's report (with the seed) on a violation. */
export async function fuzzRoute(world: FuzzWorld, route: ApiRoute, tally: StatusTally): Promise<void> {
  const inject = (request: FuzzRequest) =>
    world.app.inject({
      method: request.method,
      url: request.url,
      headers: request.headers,
      remoteAddress: request.remoteAddress,
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    } as InjectOptions);

  const details = await fc.check(
    fc.asyncProperty(requestsFor(world, route), async (request) => {
      const response = await inject(request);
      tally.set(response.statusCode, (tally.get(response.statusCode) ?? 0) + 1);
      const problem = violation(route, request, response);
      if (problem) throw new Error(problem);
    }),
    { numRuns: fuzzRuns, ...(fuzzSeed !== undefined ? { seed: fuzzSeed } : {}) },
  );
  if (details.failed) {
    // fast-check's own report prints the whole request, which can be megabytes: shorten it.
    const [request] = (details.counterexample ?? []) as [FuzzRequest?];
    const clip = (text: string | undefined) =>
      text && text.length > 300 ? `${text.slice(0, 300)}... (${text.length} characters)` : text;
    const shown = request && { ...request, url: clip(request.url), payload: clip(request.payload) };
    const cause =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(
      `${route.method} /api${route.url}: ${clip(cause)}\n` +
        `request (shrunk ${details.numShrinks} times): ${JSON.stringify(shown)}\n` +
        `replay with FUZZ_SEED=${details.seed} (path ${details.counterexamplePath})`,
    );
  }
}

/** One line per route: runs and statuses seen. */
export const summaryLine = (route: ApiRoute, tally: StatusTally) =>
  `fuzz ${`${route.method} /api${route.url}`.padEnd(52)} ${String(fuzzRuns).padStart(6)} runs  ${[...tally]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')}`;

/** Time one route may take: generous, the machine may be busy. */
export const routeTimeoutMs = 60_000 + fuzzRuns * 60;

/**
 * Runs the routes of one group: one app for the file, one `fc.assert` per route, unhandled
 * rejections watched throughout, and a summary line per route printed at the end.
 */
export function describeFuzz(group: keyof typeof fuzzGroups): void {
  const routes = routesOf(group);
  let world: FuzzWorld;
  const summary: string[] = [];
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  // The real process (see environment.cjs): the sandbox's `process` never hears the event.
  const host = (globalThis as { hostProcess?: NodeJS.Process }).hostProcess;

  beforeAll(async () => {
    if (!host) throw new Error('Run the fuzz files in ./test/fuzz/environment.cjs (a @jest-environment docblock)');
    host.on('unhandledRejection', onRejection);
    world = await createWorld();
  }, 60_000);

  afterAll(async () => {
    host?.off('unhandledRejection', onRejection);
    await world?.close();
    if (summary.length > 0) process.stdout.write(`\n${summary.join('\n')}\n`);
  });

  describe(`fuzzing the ${group} routes (${fuzzRuns} runs each): never a 5xx, never internals, always the contract`, () => {
    it.each(routes.map((route) => [`${route.method} /api${route.url}`, route] as const))(
      '%s',
      async (_, route) => {
        const tally: StatusTally = new Map();
        const started = new Date().toISOString();
        const audited = await auditEntriesBefore(world, started);
        try {
          await fuzzRoute(world, route, tally);
        } finally {
          summary.push(summaryLine(route, tally));
          await world.removeRowsSince(started);
        }
        // Give a stray promise of the last request a turn to reject before checking.
        await new Promise((resolve) => setImmediate(resolve));
        expect(rejections).toEqual([]);
        // No route, whatever it was sent, changed or deleted an audit entry.
        expect(await auditEntriesBefore(world, started)).toEqual(audited);
      },
      routeTimeoutMs,
    );
  });
}
