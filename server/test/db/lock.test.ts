import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, lockFileName } from '../../src/db/lock';
import { createTestEnvironment, type TestEnvironment } from '../helpers/build';

const serverDir = path.resolve(__dirname, '..', '..');

// The lock guards the embedded SQLite file, so these tests use SQLite in either suite mode.
let environment: TestEnvironment;
beforeEach(async () => {
  environment = await createTestEnvironment({ DATABASE_URL: undefined });
});
afterEach(() => environment.cleanup());

const lockFile = () => path.join(environment.config.dataDir, lockFileName);

/** Runs the real server process on the test's data directory and collects how it ended. */
function runServerProcess(): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: environment.config.dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        SHELL_DIST: environment.config.dist.shell,
        PARTICIPANT_DIST: environment.config.dist.participant,
        ADMIN_DIST: environment.config.dist.admin,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    // If the lock failed, the server would start and run forever: stop it and fail.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the second server did not exit; stderr: ${stderr}`));
    }, 20_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** The PID of a process that has already exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid ?? 0));
  });
}

describe('the data directory lock', () => {
  it('refuses to start a second server process on the same data directory, with a clear message', async () => {
    const app = await environment.build();
    const second = await runServerProcess();

    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is already in use by another Prometrica server (process ${process.pid})`);
    expect(second.stderr).toContain(environment.config.dataDir);
    expect(second.stderr).not.toMatch(/\n\s+at /);
    // The first server is unaffected.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('refuses a second app in the same process too', async () => {
    await environment.build();
    await expect(environment.build()).rejects.toBeInstanceOf(DataDirLockedError);
  });

  it('releases the lock when the app closes, so the next start succeeds', async () => {
    const app = await environment.build();
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    await app.close();
    expect(fs.existsSync(lockFile())).toBe(false);
    await expect(environment.build()).resolves.toBeDefined();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    fs.mkdirSync(environment.config.dataDir, { recursive: true });
    fs.writeFileSync(lockFile(), `${await deadPid()}\n`);
    const app = await environment.build();
    expect(fs.readFileSync(lockFile(), 'utf8').trim()).toBe(String(process.pid));
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('takes over a lock holding our own PID that this process does not hold (restarted container)', async () => {
    fs.mkdirSync(environment.config.dataDir, { recursive: true });
    fs.writeFileSync(lockFile(), `${process.pid}\n`);
    await expect(environment.build()).resolves.toBeDefined();
  });
});
