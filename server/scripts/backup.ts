// `pnpm backup [file or folder]`: an online backup of the SQLite database, safe while the server runs.
import path from 'node:path';
import { backupFileName, backupSqlite } from '../src/operations/backup';
import { isDirectory, resolveArgument, runOnSqlite } from './cli';

runOnSqlite('backup', async (config, argument) => {
  let target = argument ? resolveArgument(argument) : path.resolve('backups', backupFileName());
  if (argument && isDirectory(target, argument)) target = path.join(target, backupFileName());
  const { file, bytes } = await backupSqlite(config.dataDir, target);
  console.log(
    `Backed up ${config.dataDir} to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, integrity check passed).`,
  );
  const relative = path.relative(process.env.INIT_CWD ?? process.cwd(), file);
  console.log(`Restore it with: pnpm restore ${relative.startsWith('..') ? file : relative}`);
});
