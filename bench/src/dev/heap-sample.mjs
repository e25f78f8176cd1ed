// Development aid: where a server's memory is allocated, collected objects included. Load it into
// the server with profile-server.ts:
//   NODE_FLAGS="--import ./bench/src/dev/heap-sample.mjs" HEAP_FROM_MS=2000 WHAT=s \
//   node --import ./bench/node_modules/tsx/dist/loader.mjs bench/src/dev/profile-server.ts
// From HEAP_FROM_MS after the server starts until it is stopped (SIGINT), V8's sampling heap
// profiler records allocations (one sample per 4 KB on average); at the stop, the 40 largest sites
// (their four innermost frames) go to HEAP_OUT (default: heap-sample.txt in the temp folder).
import inspector from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const session = new inspector.Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
  );

setTimeout(
  async () => {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  },
  Number(process.env.HEAP_FROM_MS ?? 0),
).unref();

/** Bytes sampled at each site, keyed by its innermost frames. */
function sites(profile) {
  const bySite = new Map();
  const walk = (node, stack) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const frames = [...stack, `${functionName || '(anon)'} ${url.split('/').slice(-2).join('/')}:${lineNumber}`];
    if (node.selfSize > 0) {
      const key = frames.slice(-4).reverse().join(' < ');
      bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, frames);
  };
  walk(profile.head, []);
  return bySite;
}

process.once('SIGINT', async () => {
  try {
    const { profile } = await post('HeapProfiler.stopSampling');
    const bySite = sites(profile);
    const total = [...bySite.values()].reduce((sum, bytes) => sum + bytes, 0);
    const top = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 40);
    const out = process.env.HEAP_OUT ?? join(tmpdir(), 'heap-sample.txt');
    writeFileSync(
      out,
      `${(total / 1048576).toFixed(1)} MB sampled\n` +
        top.map(([site, bytes]) => `${(bytes / 1048576).toFixed(1)} MB ${site}`).join('\n') +
        '\n',
    );
  } finally {
    process.exit(0);
  }
});
