// `pnpm restore <file>`: puts a backup in place of the SQLite database; the server must be stopped.
import fs from 'node:fs';
import path from 'node:path';
import { restoreSqlite } from '../src/operations/backup';
import { DataDirLockedError } from '../src/db/lock';
import { resolveArgument, runOnSqlite } from './cli';

runOnSqlite('restore', async (config, argument) => {
  if (!argument) {
    const folder = path.resolve('backups');
    const found = fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((name) => name.endsWith('.sqlite'))
          .sort()
          .reverse()
      : [];
    console.error('Usage: pnpm restore <backup file>');
    console.error(
      found.length > 0
        ? `Backups in ${folder}, newest first:\n${found
            .slice(0, 10)
            .map((name) => `  backups/${name}`)
            .join('\n')}`
        : `No backups in ${folder}.`,
    );
    process.exit(1);
  }
  try {
    const { database, previous } = await restoreSqlite(config.dataDir, resolveArgument(argument));
    console.log(`Restored ${resolveArgument(argument)} as ${database} (integrity check passed).`);
    console.log(previous ? `The database it replaced is kept as ${previous}.` : 'There was no database before.');
    console.log('Start the server with pnpm start.');
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      `A Prometrica server (process ${error.pid}) is using ${config.dataDir}: stop it, then run pnpm restore again. ` +
        `Nothing was changed. (If no server is running, delete ${error.lockFile}.)`,
    );
    process.exit(1);
  }
});
