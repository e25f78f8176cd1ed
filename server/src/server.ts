// First: how the heap grows (before the app's modules allocate).
import './lib/heap-growth';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/lock';
import { DatabaseUnavailableError } from './db/postgres/postgres';
import { scheduleRetention } from './modules/participant-data/retention';

// Problems the operator fixes from the message alone: print it, no stack trace.
const isExpected = (error: unknown) =>
  error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DatabaseUnavailableError;

function fail(error: unknown): never {
  console.error(isExpected(error) ? (error as Error).message : error);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    fail(error);
  }

  const app = await buildApp(config).catch(fail);
  // Participants past the retention setting are erased a minute after start and every hour after
  // (nothing while it is off).
  const retention = scheduleRetention(app, (error) => app.log.error({ err: error }, 'retention run failed'));

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      // A second Ctrl-C means "now".
      process.exit(1);
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Requests in flight get a few seconds to finish; then connections still open (a browser's
    // keep-alive one, say) are cut so that the stop never hangs.
    setTimeout(() => {
      app.log.warn('closing the connections still open after 5 s');
      app.server.closeAllConnections();
    }, 5000).unref();
    retention
      .stop()
      .then(() => app.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    await app.close().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`Could not listen on ${config.host}:${config.port}: ${reason}`);
    process.exit(1);
  }

  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  console.log(`Prometrica is running at http://${host}:${address.port} (database: ${app.dialect})`);
}

void main();
