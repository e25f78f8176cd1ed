// Development aid (not part of `pnpm bench`): one engine's API part of the bench alone (ENGINE:
// sqlite or postgres; DATABASE_URL for postgres), with the bench's settings; prints each round.
import { runApiSuite } from '../api/suite';
import type { Engine } from '../api/database';
import { settings } from '../settings';

async function main() {
  const engine = (process.env.ENGINE ?? 'sqlite') as Engine;
  const result = await runApiSuite(engine, {
    ...settings,
    postgresUrl: process.env.DATABASE_URL || undefined,
    log: (line) => console.log(`[api] ${line}`),
  });
  console.log(`${engine} submitanswer p99 by round (lowest first): ${result.submitanswerRounds.p99.join(', ')} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
