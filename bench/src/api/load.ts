// One load case with autocannon (programmatic): N connections for a bounded time after a short
// warm-up, latencies recorded per response so any percentile can be read.
import autocannon from 'autocannon';

export interface RequestShape {
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Called for every request: a new token and body each time (e.g. one participant per request). */
  next?: () => RequestShape;
  /**
   * A fixed set of requests sent in turn (e.g. 50 participants' tokens): built once, where `next`
   * has autocannon build every request anew, which costs the load generator a core's worth of time
   * at tens of thousands of requests a second.
   */
  variants?: readonly RequestShape[];
}

export interface LoadOptions {
  connections: number;
  /** Measured seconds. */
  seconds: number;
  /** Unmeasured seconds before (same requests). */
  warmupSeconds: number;
}

export interface LoadResult {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { mean: number; p50: number; p90: number; p95: number; p99: number; max: number };
  /** Responses by status code. */
  statuses: Record<string, number>;
  /** Non-2xx responses. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
}

/** The Accept-Encoding a current browser sends. */
export const browserAcceptEncoding = 'gzip, deflate, br';

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

async function fire(baseUrl: string, load: LoadCase, connections: number, seconds: number) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: baseUrl,
      connections,
      duration: seconds,
      timeout: 10,
      requests: (load.variants ?? [{}]).map((variant) => ({
        method: load.method,
        path: load.path,
        // What a browser sends: the server answers compressed where it would in real use.
        headers: { 'accept-encoding': browserAcceptEncoding, ...load.headers, ...variant.headers },
        ...((variant.body ?? load.body) !== undefined ? { body: variant.body ?? load.body } : {}),
        ...(load.next
          ? {
              setupRequest: (request: autocannon.Request) => {
                const shape = load.next!();
                return {
                  ...request,
                  headers: { ...request.headers, ...shape.headers },
                  ...(shape.body !== undefined ? { body: shape.body } : {}),
                };
              },
            }
          : {}),
      })),
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await done;
  return { result, latencies, statuses };
}

/** Runs one case: warm-up, then the measured run. */
export async function runLoad(baseUrl: string, load: LoadCase, options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await fire(baseUrl, load, options.connections, options.warmupSeconds);
  const { result, latencies, statuses } = await fire(baseUrl, load, options.connections, options.seconds);
  latencies.sort((a, b) => a - b);
  const requests = latencies.length;
  const mean = requests === 0 ? 0 : latencies.reduce((sum, value) => sum + value, 0) / requests;
  const non2xx = Object.entries(statuses).reduce((sum, [code, count]) => (code.startsWith('2') ? sum : sum + count), 0);
  return {
    name: load.name,
    connections: options.connections,
    seconds: result.duration,
    requests,
    requestsPerSecond: round(requests / result.duration, 1),
    latencyMs: {
      mean: round(mean),
      p50: round(percentile(latencies, 0.5)),
      p90: round(percentile(latencies, 0.9)),
      p95: round(percentile(latencies, 0.95)),
      p99: round(percentile(latencies, 0.99)),
      max: round(latencies[latencies.length - 1] ?? 0),
    },
    statuses,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Latency of one request at a time (no queueing): the service time of a call, in ms. */
export async function sequentialLatency(
  baseUrl: string,
  load: LoadCase,
  count: number,
): Promise<{ requests: number; p50: number; p95: number; statuses: Record<string, number> }> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const shape = load.next?.() ?? {};
    const started = performance.now();
    const response = await fetch(baseUrl + load.path, {
      method: load.method,
      headers: { ...load.headers, ...shape.headers },
      ...(load.method === 'POST' ? { body: shape.body ?? load.body ?? '' } : {}),
    });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
  }
  times.sort((a, b) => a - b);
  return { requests: count, p50: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)), statuses };
}
