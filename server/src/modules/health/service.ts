import type { HealthResponse, LiveResponse, ReadyResponse } from '@prometrica/shared-api/contract';
import type { MigrationState } from '../../db/migrate';
import { perDatabase } from '../../db/per-database';
import type { Dialect, Executor, Store } from '../../db/types';
import { serviceUnavailable } from '../../lib/http-errors';
import { pingDatabase, pingWriter, readMigrationState } from './repository';

/** Healthy means the database answers; a load balancer takes the process out otherwise (503). */
export async function checkHealth(db: Executor, dialect: Dialect): Promise<HealthResponse> {
  try {
    await pingDatabase(db);
  } catch {
    throw serviceUnavailable('Database unavailable');
  }
  return { status: 'ok', database: dialect };
}

/** Live: the process answers requests. Nothing else, so a database outage never gets it restarted. */
export function checkLive(): LiveResponse {
  return { status: 'ok' };
}

/**
 * How long readiness waits for the database. A database that stops answering (a cut network
 * drops packets rather than refusing) would otherwise leave the probe hanging as long as the
 * connection attempt does, minutes, while the proxy keeps sending traffic.
 */
export const readyTimeoutMs = 2000;

class TimedOut extends Error {}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One readiness check of a database at a time: probes that arrive while one runs share its
 * answer, so a database that hangs collects one waiting query a probe interval at most, not one a
 * probe. A check older than `readyTimeoutMs` is no longer shared: its query may wait on a
 * connection that will never answer, and the next probe must see the database once it is back.
 */
const readinessCheck = perDatabase(({ db }) => {
  let running: { check: Promise<MigrationState>; startedAt: number } | undefined;
  return (): Promise<MigrationState> => {
    const now = performance.now();
    if (running && now - running.startedAt <= readyTimeoutMs) return running.check;
    const current = {
      startedAt: now,
      check: Promise.all([readMigrationState(db), pingWriter(db)])
        .then(([state]) => state)
        .finally(() => {
          if (running === current) running = undefined;
        }),
    };
    running = current;
    return current.check;
  };
});

/**
 * Ready: the database answers within `readyTimeoutMs` (on SQLite its write thread too) and holds
 * exactly this code's migrations; otherwise 503 saying which, and the proxy sends the process no
 * traffic until it is.
 */
export async function checkReady(store: Store): Promise<ReadyResponse> {
  let state: MigrationState;
  try {
    state = await withinTime(readinessCheck(store)(), readyTimeoutMs);
  } catch (error) {
    throw serviceUnavailable(
      error instanceof TimedOut ? `Database did not answer within ${readyTimeoutMs} ms` : 'Database unavailable',
    );
  }
  if (state.pending.length > 0) {
    throw serviceUnavailable(`Database migrations pending: ${state.pending.join(', ')}`);
  }
  if (state.unknown.length > 0) {
    throw serviceUnavailable(
      `The database has migrations this server does not know (a newer version migrated it): ${state.unknown.join(', ')}`,
    );
  }
  return { status: 'ok', database: store.dialect, migration: state.latest };
}
