// How to run the server as one node process (no wrapper that could outlive a kill).
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Arguments for `node` that start the server from its TypeScript sources. */
export function serverArgs() {
  // tsx is the server's dependency, so it is named by path rather than resolved from the caller.
  const loader = pathToFileURL(join(root, 'server/node_modules/tsx/dist/loader.mjs')).href;
  return ['--import', loader, join(root, 'server/src/server.ts')];
}
