import fs from 'node:fs';
import path from 'node:path';

/** Another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${path.dirname(lockFile)} is already in use by another Prometrica server (process ${pid}). ` +
        `Stop that server, or use another DATA_DIR. If no server is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export const lockFileName = 'prometrica.lock';

// Lock files held by this process: a PID in the file equal to ours is only "us" if we are holding it
// (after a container restart the server often gets the same low PID as the crashed one).
const heldByThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the data directory for this process with a lock file holding our PID. Two processes
 * writing one SQLite file through separate caches is what this prevents; a lock left by a
 * process that no longer runs is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, lockFileName);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      heldByThisProcess.add(file);
      return {
        file,
        release: () => {
          heldByThisProcess.delete(file);
          if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = readPid(file);
    const stillHeld = pid !== null && (pid === process.pid ? heldByThisProcess.has(file) : isAlive(pid));
    if (stillHeld) throw new DataDirLockedError(file, pid);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}: another process keeps replacing it.`);
}
