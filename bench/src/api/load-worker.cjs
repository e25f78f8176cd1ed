// The load generator's thread: autocannon (programmatic) in an isolate of its own, so that the
// memory of the process that runs the bench (every participant's request, the seed's rows) never
// pauses it for garbage collection while it measures. Requests that are each sent once travel here
// as one block of bytes, off the heap. Plain JavaScript: it runs as it is, under the bench and under
// the tests. The caller is `load.ts`, which documents the messages.
const { parentPort, workerData } = require('node:worker_threads');
const autocannon = require('autocannon');
const requestBuilder = require('autocannon/lib/httpRequestBuilder');

const { url, method, path, headers, body, variants, once, connections, seconds, warmupSeconds, timeoutSeconds } =
  workerData;
const decoder = new TextDecoder();

/** Requests sent once each, in order, across every connection: their header JSON and body bytes. */
const onceBytes = once ? new Uint8Array(once.bytes) : undefined;
const onceOffsets = once ? new Int32Array(once.offsets) : undefined;
const onceCount = once ? once.count : 0;
const sinceOf = once ? new Int32Array(once.sinceOf) : undefined;
/** When each `once` request was sent (ms since the epoch), for the `since` of a later one. */
const sentAt = new Float64Array(onceCount);
let taken = 0;
let ranOut = false;

const sinceKey = Buffer.from('"since":"');

/**
 * Marks the `once` request at `index` as sent now and, when it takes its `since` from an earlier
 * one, writes that one's send time over the ISO time its body carries (always 24 characters), in
 * each of `bodies` (the bytes it is sent as).
 */
function stamp(index, ...bodies) {
  sentAt[index] = Date.now();
  const earlier = sinceOf[index];
  if (earlier < 0) return;
  const since = new Date(sentAt[earlier]).toISOString();
  for (const bytes of bodies) {
    const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(sinceKey);
    if (at < 0) throw new Error(`request ${index} takes its since from ${earlier} but has none to write over`);
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).write(since, at + sinceKey.length, 'latin1');
  }
}

/** The headers and body of the `once` request at `index`. */
function onceShape(index) {
  const at = index * 3;
  return {
    headers: JSON.parse(decoder.decode(onceBytes.subarray(onceOffsets[at], onceOffsets[at + 1]))),
    body: Buffer.from(
      onceBytes.buffer,
      onceBytes.byteOffset + onceOffsets[at + 1],
      onceOffsets[at + 2] - onceOffsets[at + 1],
    ),
  };
}

/**
 * Every `once` request's bytes, built before the run by autocannon's own request builder with the
 * defaults it gives its clients, into one block off the heap (tens of thousands of separate buffers
 * would be old objects for the thread's garbage collector to mark while it measures). autocannon
 * rebuilds a request that has a setupRequest each time it sends one, CPU the generator takes from
 * the cores it shares with the server; sent from here, each is a view of
 * the block. Every client checks that its own first request is byte for byte the one built here.
 */
const onceBuilt = once ? buildOnce() : undefined;

function buildOnce() {
  const { hostname, port } = new URL(url);
  const build = requestBuilder({ hostname, port: Number(port) || 80 });
  const offsets = new Int32Array(onceCount + 1);
  // The shapes' bytes plus room for each request line and the headers autocannon adds.
  let block = Buffer.allocUnsafeSlow(onceBytes.length + onceCount * 512);
  let size = 0;
  for (let index = 0; index < onceCount; index++) {
    const shape = onceShape(index);
    const request = build({ method, path, headers: { ...headers, ...shape.headers }, body: shape.body });
    if (size + request.length > block.length) {
      const grown = Buffer.allocUnsafeSlow(Math.max(block.length * 2, size + request.length));
      block.copy(grown, 0, 0, size);
      block = grown;
    }
    request.copy(block, size);
    size += request.length;
    offsets[index + 1] = size;
  }
  return { at: (index) => block.subarray(offsets[index], offsets[index + 1]) };
}

/** A client's first request, built by autocannon (it builds that one before any client is set up). */
function takeOnce(request) {
  if (taken >= onceCount) {
    // Never send one twice: the run stops, and the caller reports that the pool ran out.
    ranOut = true;
    return request;
  }
  const shape = onceShape(taken);
  stamp(taken, shape.body, onceBuilt.at(taken));
  taken += 1;
  Object.assign(request.headers, shape.headers);
  request.body = shape.body;
  return request;
}

/** Every later request of a client: the next one built before the run. */
function sendBuiltOnce(client) {
  const iterator = client.requestIterator;
  const first = iterator.currentRequest.requestBuffer;
  if (!first.equals(onceBuilt.at(taken - 1))) {
    throw new Error('a request built before the run differs from the one autocannon built for it');
  }
  iterator.nextRequest = function nextBuiltRequest() {
    this.resetted = false;
    if (taken >= onceCount) ranOut = true;
    else {
      const built = onceBuilt.at(taken);
      stamp(taken++, built);
      this.currentRequest.requestBuffer = built;
    }
    return this.currentRequest;
  };
}

function requests() {
  const base = { method, path };
  if (once) return [{ ...base, headers, setupRequest: takeOnce }];
  return (variants && variants.length > 0 ? variants : [{}]).map((variant) => ({
    ...base,
    headers: { ...headers, ...variant.headers },
    ...((variant.body ?? body) !== undefined ? { body: variant.body ?? body } : {}),
  }));
}

/**
 * autocannon keeps every response's body, decoding its bytes to a string, for features this bench
 * does not use (body checks and per-request response hooks), CPU taken from the cores the generator
 * shares with the server, more for larger replies: the body is dropped unread (its bytes are still
 * received and counted).
 */
function dropBodies(client) {
  if (typeof client.pipelinedRequests?.addBody === 'function') client.pipelinedRequests.addBody = () => {};
}

function setupClient(client) {
  dropBodies(client);
  if (once) sendBuiltOnce(client);
}

/**
 * Runs autocannon for `duration` seconds and reports every response to `record`. A 'stop' message
 * ends the run early (a load that lasts as long as something else the caller measures); the port is
 * unreferenced, so listening for it never keeps the thread alive after the run.
 */
function fire(duration, record) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration, timeout: timeoutSeconds, requests: requests(), setupClient },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    parentPort.on('message', (message) => {
      if (message === 'stop') instance.stop();
    });
    parentPort.unref();
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (ranOut) instance.stop();
      else record(statusCode, responseTime);
    });
  });
}

async function main() {
  // One run for the warm-up and the measured seconds, on the same connections: responses are
  // recorded from the end of the warm-up on. (A second run would open every connection anew and
  // start with all of them sending at once, a burst no steady load has.)
  let latencies = new Float64Array(1 << 14);
  let count = 0;
  const statuses = {};
  let warmupNon2xx = 0;
  const measuredFrom = performance.now() + warmupSeconds * 1000;
  const result = await fire(warmupSeconds + seconds, (statusCode, responseTime) => {
    if (performance.now() < measuredFrom) {
      if (statusCode < 200 || statusCode > 299) warmupNon2xx += 1;
      return;
    }
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const measured = latencies.slice(0, count);
  // Failures of the whole run, warm-up included: none may go unreported.
  const duration = (performance.now() - measuredFrom) / 1000;
  parentPort.postMessage(
    {
      latencies: measured,
      statuses,
      duration,
      errors: result.errors,
      timeouts: result.timeouts,
      warmupNon2xx,
      taken,
      ranOut,
    },
    [measured.buffer],
  );
}

// A failure rejects unhandled, which ends the thread with an error the caller receives.
main();
