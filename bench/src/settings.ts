// The bench's settings: defaults, each overridable by an environment variable.
const number = (name: string, fallback: number) => {
  const value = process.env[name];
  return value && Number.isFinite(Number(value)) ? Number(value) : fallback;
};

export const settings = {
  connections: number('BENCH_CONNECTIONS', 100),
  seconds: number('BENCH_SECONDS', 5),
  warmupSeconds: number('BENCH_WARMUP_SECONDS', 1),
  singleSeconds: number('BENCH_SINGLE_SECONDS', 3),
  driverSeconds: number('BENCH_DRIVER_SECONDS', 3),
  participants: number('BENCH_PARTICIPANTS', 100_000),
  labRuns: number('BENCH_LAB_RUNS', 5),
  answers: number('BENCH_ANSWERS', 5),
};
