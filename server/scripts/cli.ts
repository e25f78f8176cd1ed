import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../src/config';
import { BackupError, postgresGuidance } from '../src/operations/backup';
import { DataDirLockedError } from '../src/db/lock';

// pnpm runs root scripts in the repository root (where `pnpm start` resolves DATA_DIR too);
// INIT_CWD is where the command was typed, which is what a path argument means.
const typedIn = process.env.INIT_CWD ?? process.cwd();

/** A path argument as the user meant it: relative to where they typed the command. */
export const resolveArgument = (argument: string) => path.resolve(typedIn, argument);

/** True when `target` names a directory (existing, or written with a trailing slash). */
export const isDirectory = (target: string, argument: string) =>
  /[\\/]$/.test(argument) || (fs.existsSync(target) && fs.statSync(target).isDirectory());

/** The server's configuration, validated as the server validates it. */
export function configuration(): Config {
  return loadConfig(process.env);
}

/** Runs a command: problems with a clear cause print their message only; anything else its stack. */
export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const expected =
      error instanceof BackupError || error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(expected ? (error as Error).message : error);
    process.exit(1);
  });
}

/**
 * Runs `pnpm backup` or `pnpm restore` (given the command's first argument): both work on the
 * SQLite database only, so with PostgreSQL configured they print how to use its own tools instead.
 */
export function runOnSqlite(
  command: 'backup' | 'restore',
  main: (config: Config, argument: string | undefined) => Promise<void>,
): void {
  run(async () => {
    const config = configuration();
    if (config.databaseUrl) {
      console.log(postgresGuidance(command));
      return;
    }
    await main(config, process.argv[2]);
  });
}
