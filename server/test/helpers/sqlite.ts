// The embedded SQLite database in a fresh test environment, for tests of the database layer itself.
import { openDatabase, type DatabaseHandle } from '../../src/db';
import { createTestEnvironment, type TestEnvironment } from './build';

export interface TestSqlite {
  environment: TestEnvironment;
  handle: DatabaseHandle;
}

/** Makes a fresh environment without a DATABASE_URL and opens its SQLite database. */
export async function openTestSqlite(): Promise<TestSqlite> {
  const environment = await createTestEnvironment({ DATABASE_URL: undefined });
  const handle = await openDatabase({ dataDir: environment.config.dataDir, databaseUrl: null });
  return { environment, handle };
}

/** Closes the database and removes the environment. */
export async function closeTestSqlite({ environment, handle }: TestSqlite) {
  await handle.close();
  await environment.cleanup();
}
