// scrypt hashing and the second-process lock test need more than jest's 5 s on two cores. Set here,
// not as `testTimeout` in jest.config.cjs: run with `--projects` (as `pnpm test` does), jest reads
// that option only from the root config.
jest.setTimeout(30_000);
