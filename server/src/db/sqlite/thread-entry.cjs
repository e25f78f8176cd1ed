// The entry of the SQLite threads. Their code is TypeScript, type-checked with the rest of the
// server, but a thread starts from a file Node runs as it is, without the loader of the thread
// that started it (jest's transform, or tsx's): this one registers tsx's require hook in the
// thread, which compiles the thread's module (kept compiled on disk for the next start).
const { workerData } = require('node:worker_threads');
require('tsx/cjs');
require(workerData.module);
