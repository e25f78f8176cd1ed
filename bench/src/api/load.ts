// One load case with autocannon (programmatic): N connections for a bounded time after a short
// warm-up, latencies recorded per response so any percentile can be read. autocannon runs on a
// thread of its own (`load-worker.cjs`): the bench process holds every request of a run and the
// seed's rows, whose garbage collection paused a generator on its thread, and each pause was added to
// the latency of every request in flight.
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface RequestShape {
  headers?: Record<string, string>;
  body?: string;
  /**
   * Of a `once` request whose body has `"since":"<an ISO time>"`: the index of an earlier one, whose
   * send time the load thread writes over that time as it sends this one (an answer save's `since`:
   * the time of the participant's reply before, as the participant app sends it).
   */
  sinceOf?: number;
}

export interface LoadCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A fixed set of requests each connection sends in turn (e.g. 50 participants' tokens). */
  variants?: readonly RequestShape[];
  /**
   * Requests sent once each, in order, shared by all connections, warm-up included (e.g. one new
   * participant per request). The run fails rather than send one twice.
   */
  once?: readonly RequestShape[];
}

export interface LoadOptions {
  connections: number;
  /** Measured seconds. */
  seconds: number;
  /** Unmeasured seconds before (same requests). */
  warmupSeconds: number;
  /** Ends the run before its seconds are up when aborted (a load beside something else measured). */
  stop?: AbortSignal;
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
  /** Connection errors and timeouts, warm-up included. */
  errors: number;
  timeouts: number;
  /** Non-2xx responses during the warm-up (not in `statuses`). */
  warmupNon2xx: number;
  /** Of the case's `once` requests, how many were taken (warm-up included). */
  onceTaken?: number;
}

/** The Accept-Encoding a current browser sends. */
export const browserAcceptEncoding = 'gzip, deflate, br';

export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index]!;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** What the load thread reports of the measured run. */
interface WorkerReport {
  latencies: Float64Array;
  statuses: Record<string, number>;
  duration: number;
  errors: number;
  timeouts: number;
  warmupNon2xx: number;
  taken: number;
  ranOut: boolean;
}

/** The `once` requests as one block of bytes (header JSON, then body, each) and their offsets. */
function packOnce(shapes: readonly RequestShape[]) {
  const parts = shapes.map(
    (shape) => [Buffer.from(JSON.stringify(shape.headers ?? {})), Buffer.from(shape.body ?? '')] as const,
  );
  const offsets = new Int32Array(parts.length * 3);
  let size = 0;
  parts.forEach(([head, body], index) => {
    offsets[index * 3] = size;
    offsets[index * 3 + 1] = size + head.length;
    size += head.length + body.length;
    offsets[index * 3 + 2] = size;
  });
  const bytes = new Uint8Array(size);
  parts.forEach(([head, body], index) => {
    bytes.set(head, offsets[index * 3]);
    bytes.set(body, offsets[index * 3 + 1]);
  });
  const sinceOf = new Int32Array(shapes.length).fill(-1);
  shapes.forEach((shape, index) => {
    if (shape.sinceOf !== undefined) sinceOf[index] = shape.sinceOf;
  });
  return { bytes: bytes.buffer, offsets: offsets.buffer, sinceOf: sinceOf.buffer, count: shapes.length };
}

function fire(baseUrl: string, load: LoadCase, options: LoadOptions): Promise<WorkerReport> {
  const once = load.once ? packOnce(load.once) : undefined;
  const worker = new Worker(join(__dirname, 'load-worker.cjs'), {
    workerData: {
      url: baseUrl,
      method: load.method,
      path: load.path,
      // What a browser sends: the server answers compressed where it would in real use.
      headers: { 'accept-encoding': browserAcceptEncoding, ...load.headers },
      body: load.body,
      variants: load.variants,
      once,
      connections: options.connections,
      seconds: options.seconds,
      warmupSeconds: options.warmupSeconds,
      timeoutSeconds: 10,
    },
    transferList: once ? [once.bytes, once.offsets, once.sinceOf] : [],
  });
  const stop = () => worker.postMessage('stop');
  options.stop?.addEventListener('abort', stop, { once: true });
  if (options.stop?.aborted) stop();
  return new Promise<WorkerReport>((resolve, reject) => {
    let report: WorkerReport | undefined;
    worker.once('message', (message: WorkerReport) => (report = message));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      options.stop?.removeEventListener('abort', stop);
      if (report) resolve(report);
      else reject(new Error(`the load thread of ${load.name} stopped (exit code ${code}) without a result`));
    });
  });
}

/** Runs one case: warm-up, then the measured run. */
export async function runLoad(baseUrl: string, load: LoadCase, options: LoadOptions): Promise<LoadResult> {
  const report = await fire(baseUrl, load, options);
  if (report.ranOut) {
    throw new Error(
      `${load.name} ran out of requests to send once: all ${report.taken} were sent, and none may be sent twice`,
    );
  }
  const latencies = report.latencies.sort();
  const requests = latencies.length;
  const mean = requests === 0 ? 0 : latencies.reduce((sum, value) => sum + value, 0) / requests;
  const non2xx = Object.entries(report.statuses).reduce(
    (sum, [code, count]) => (code.startsWith('2') ? sum : sum + count),
    0,
  );
  return {
    name: load.name,
    connections: options.connections,
    seconds: report.duration,
    requests,
    requestsPerSecond: round(requests / report.duration, 1),
    latencyMs: {
      mean: round(mean),
      p50: round(percentile(latencies, 0.5)),
      p90: round(percentile(latencies, 0.9)),
      p95: round(percentile(latencies, 0.95)),
      p99: round(percentile(latencies, 0.99)),
      max: round(latencies[latencies.length - 1] ?? 0),
    },
    statuses: report.statuses,
    non2xx,
    errors: report.errors,
    timeouts: report.timeouts,
    warmupNon2xx: report.warmupNon2xx,
    ...(load.once ? { onceTaken: report.taken } : {}),
  };
}
